// A product's page in the back office: its fields and declarations, its variants and their stock.
// /admin/products/new creates one with its first variants; /admin/products/:id edits one.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { GuardedLink } from '@/components/admin/GuardedLink';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';
import { statesQuery } from '@/lib/queries/states';
import { useCreateProduct, useDeleteProduct, useStaffProduct, useUpdateProduct } from '@/features/admin-catalog/api/products';
import { useDeskBrands, useDeskCategories, useGstRates } from '@/features/admin-catalog/api/taxonomy';
import { ProductFieldsForm } from '@/features/admin-catalog/components/ProductFieldsForm';
import { DraftPhotos } from '@/features/admin-catalog/components/DraftPhotos';
import { CropLinksPanel } from '@/features/admin-catalog/components/CropLinksPanel';
import { PhotosPanel, uploadError } from '@/features/admin-catalog/components/PhotosPanel';
import { SaveWarnings } from '@/features/admin-catalog/components/SaveWarnings';
import { photosPath, uploadFile } from '@/features/admin-catalog/api/photos';
import { shrinkPhoto } from '@/features/admin-catalog/photo-shrink';
import { StaleSave, staleFields } from '@/features/admin-catalog/components/StaleSave';
import { deskKeys } from '@/features/admin-catalog/api/desk-client';
import { NewVariantForm, VariantCard } from '@/features/admin-catalog/components/VariantCard';
import { VariantFieldsGrid } from '@/features/admin-catalog/components/VariantFieldsGrid';
import {
  differs,
  emptyProduct,
  emptyVariant,
  PRODUCT_WORDS,
  productBody,
  productFields,
  variantBody,
  type Problems,
  type ProductFields,
  type VariantFields,
} from '@/features/admin-catalog/product-form';
import { wordsErrors } from '@/features/admin-catalog/words';
import type { StaffBrand, StaffCategory, StaffProduct, VariantBody } from '@/types/desk';
import type { StateOption } from '@/types/orders';
import { paths } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';

const UNREACHABLE = 'The shop could not be reached. Your changes are still here; try again.';
const PRODUCT_FIELDS = [
  'name',
  'description',
  'brand_id',
  'category_ids',
  'hsn_code',
  'gst_rate',
  'supply_kind',
  'featured_position',
  'declarations.manufacturer',
  'declarations.manufacturer_address',
  'declarations.country_of_origin',
  'declarations.best_before',
  'declarations.restricted_states',
  'search_terms',
  ...wordsErrors(PRODUCT_WORDS),
];

interface Choices {
  brands: StaffBrand[];
  categories: StaffCategory[];
  gstRates: number[];
  states: StateOption[];
}

/** New variants of a new product, each with its fields. */
function NewVariants({ variants, onChange, problems }: { variants: VariantFields[]; onChange: (variants: VariantFields[]) => void; problems: Problems }) {
  return (
    <Panel
      title="Variants"
      actions={
        <button type="button" className="btn-secondary" onClick={() => onChange([...variants, emptyVariant(variants.length)])}>
          Add another variant
        </button>
      }
    >
      <ol className="space-y-5">
        {variants.map((variant, index) => (
          <li key={index} className="rounded-lg border border-stone-200 p-3 sm:p-4">
            <div className="mb-2 flex items-center justify-between">
              <h3 className="font-semibold text-stone-900">Variant {index + 1}</h3>
              {variants.length > 1 ? (
                <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => onChange(variants.filter((_, i) => i !== index))}>
                  Remove
                </button>
              ) : null}
            </div>
            <VariantFieldsGrid
              idPrefix={`variants-${index}`}
              fields={variant}
              onChange={(fields) => onChange(variants.map((v, i) => (i === index ? fields : v)))}
              problems={problems}
              errorPrefix={`variants.${index}.`}
              askStock
            />
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function ProductEditor({ product, choices, batches }: { product: StaffProduct | undefined; choices: Choices; batches?: (productId: number) => ReactNode }) {
  const toast = useToast();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState<ProductFields>(() => (product ? productFields(product) : emptyProduct()));
  const [fields, setFields] = useState<ProductFields>(baseline);
  const [variants, setVariants] = useState<VariantFields[]>(() => [emptyVariant(0)]);
  const [problems, setProblems] = useState<Problems>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [addingVariant, setAddingVariant] = useState(false);
  const [draftPhotos, setDraftPhotos] = useState<File[]>([]);
  const [sendingPhotos, setSendingPhotos] = useState<string | null>(null);
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const remove = useDeleteProduct(product?.id ?? 0);
  const save = product ? update : create;

  useUnsavedChanges(differs(fields, baseline) || (!product && (differs(variants, [emptyVariant(0)]) || draftPhotos.length > 0)));

  /** The draft's photos sent to the product just created, one at a time; the failures named. */
  const sendDraftPhotos = async (productId: number): Promise<string[]> => {
    const failed: string[] = [];
    for (const [index, file] of draftPhotos.entries()) {
      setSendingPhotos(`Sending photo ${index + 1} of ${draftPhotos.length}…`);
      try {
        await uploadFile(photosPath(productId), await shrinkPhoto(file), () => undefined);
      } catch (error) {
        failed.push(`${file.name}: ${uploadError(error)}`);
      }
    }
    setSendingPhotos(null);
    return failed;
  };

  const shown = { ...fieldErrors(save.error), ...problems };
  useEffect(() => {
    if (Object.keys(problems).length > 0 || save.error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems, save.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problems: found } = productBody(fields);
    const variantBodies: VariantBody[] = [];
    if (!product) {
      variants.forEach((variant, index) => {
        const checked = variantBody(variant, `variants.${index}.`, true);
        Object.assign(found, checked.problems);
        variantBodies.push(checked.body);
      });
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (product) {
      update.mutate({ ...body, version: product.version }, {
        onSuccess: (saved) => {
          const now = productFields(saved);
          setBaseline(now);
          setFields(now);
          toast.success('Product saved', 'The shop shows the change now.');
        },
      });
    } else {
      create.mutate(
        { ...body, variants: variantBodies },
        {
          onSuccess: async (saved) => {
            const failed = await sendDraftPhotos(saved.id);
            if (failed.length > 0) toast.error('Some photos were not added', `${failed.join(' ')} Add them again on the product's page.`);
            toast.success('Product created', `${saved.name} is in the shop.`);
            setBaseline(fields);
            setDraftPhotos([]);
            void navigate(adminPaths.product.getHref(saved.id), { replace: true });
          },
        },
      );
    }
  };

  /** A product with orders stays for them; out of the shop, it is kept as it was saved. */
  const deactivate = () => {
    const { body } = productBody({ ...baseline, is_active: false });
    update.mutate({ ...body, version: product?.version }, {
      onSuccess: (saved) => {
        const now = productFields(saved);
        setBaseline(now);
        setFields({ ...fields, is_active: false });
        remove.reset();
        toast.success('Product deactivated', 'It is no longer in the shop; its orders keep it.');
      },
    });
  };

  const deleteProduct = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        setBaseline(fields);
        toast.success('Product deleted');
        void navigate(adminPaths.products.getHref());
      },
      onError: () => setConfirmDelete(false),
    });

  // A variant's field problems sit beside the field; anything else (no variant at all) goes on top.
  const placed = [...PRODUCT_FIELDS, ...Object.keys(shown).filter((field) => /^variants\.\d+\./.test(field))];
  const stale = staleFields(save.error) !== undefined;
  const alert = stale ? undefined : formError(save.error, placed, UNREACHABLE);
  const queryClient = useQueryClient();
  // A fresh version of the product remounts this editor (see its key) with the saved fields.
  const reload = () => void queryClient.invalidateQueries({ queryKey: deskKeys.product(product?.id ?? 0) });
  const brand = choices.brands.find((b) => b.id === product?.brand_id);
  const removeError = remove.error ? (isApiError(remove.error) ? remove.error.message : UNREACHABLE) : undefined;

  return (
    <AdminPage
      title={product ? product.name : 'New product'}
      intro={product && brand ? <span>Address in the shop: /dealer/{brand.slug}/{product.slug}</span> : 'A new product is in the shop as soon as it is saved.'}
      actions={
        product && brand && product.is_active ? (
          <a href={paths.product.getHref(brand.slug, product.slug)} target="_blank" rel="noreferrer" className="btn-secondary">
            View in the shop
          </a>
        ) : null
      }
    >
      <GuardedLink to={adminPaths.products.getHref()} className="mb-4 inline-flex min-h-11 items-center text-green-900 underline">
        ← All products
      </GuardedLink>
      <form ref={form} noValidate onSubmit={submit} className="space-y-5" aria-label={product ? 'Product' : 'New product'}>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <StaleSave error={save.error} what="product" onReload={reload} />
        {product ? <SaveWarnings warnings={product.warnings} /> : null}
        <ProductFieldsForm fields={fields} onChange={setFields} problems={shown} {...choices} />
        {product ? null : <NewVariants variants={variants} onChange={setVariants} problems={shown} />}
        {product ? null : <DraftPhotos files={draftPhotos} onChange={setDraftPhotos} />}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
          <button type="submit" className="btn-primary" disabled={save.isPending || sendingPhotos !== null}>
            {sendingPhotos ?? (save.isPending ? 'Saving…' : product ? 'Save product' : 'Create product')}
          </button>
          {differs(fields, baseline) ? <span className="text-sm text-stone-600">Unsaved changes</span> : null}
        </div>
      </form>

      {product ? (
        <div className="mt-8 space-y-5">
          <PhotosPanel productId={product.id} productName={product.name} />
          <CropLinksPanel productId={product.id} />
          <Panel
            title="Variants"
            actions={
              addingVariant ? null : (
                <button type="button" className="btn-secondary" onClick={() => setAddingVariant(true)}>
                  Add a variant
                </button>
              )
            }
          >
            <ul className="space-y-3">
              {product.variants.map((variant) => (
                <VariantCard key={variant.id} variant={variant} />
              ))}
            </ul>
            {addingVariant ? (
              <div className="mt-4">
                <NewVariantForm productId={product.id} position={product.variants.length} onDone={() => setAddingVariant(false)} />
              </div>
            ) : null}
          </Panel>
          {batches ? batches(product.id) : null}
          <Panel title="Remove">
            <p className="text-stone-700">A product that has been ordered is kept for its orders: set it inactive instead.</p>
            {removeError ? (
              <div className="mt-3 space-y-3">
                <FormAlert>{removeError}</FormAlert>
                {isApiError(remove.error, 409) && baseline.is_active ? (
                  <button type="button" className="btn-secondary" disabled={update.isPending} onClick={deactivate}>
                    Deactivate it instead
                  </button>
                ) : null}
              </div>
            ) : null}
            <button type="button" className="btn mt-3 bg-red-700 text-white hover:bg-red-800" onClick={() => setConfirmDelete(true)}>
              Delete product
            </button>
          </Panel>
          <ConfirmDialog
            open={confirmDelete}
            title={`Delete ${product.name}?`}
            message="It leaves the shop and the back office for good, with its variants and their stock history."
            confirmLabel="Delete product"
            destructive
            pending={remove.isPending}
            onConfirm={deleteProduct}
            onCancel={() => setConfirmDelete(false)}
          />
        </div>
      ) : null}
    </AdminPage>
  );
}

/** `batches` draws a product's batches panel (the stock desk's, composed in src/app). */
export default function ProductEditScreen({ batches }: { batches?: (productId: number) => ReactNode } = {}) {
  const { id } = useParams();
  const productId = id === undefined ? undefined : Number(id);
  const valid = productId === undefined || (Number.isInteger(productId) && productId > 0);
  const product = useStaffProduct(valid ? productId : undefined);
  const brands = useDeskBrands();
  const categories = useDeskCategories();
  const gstRates = useGstRates();
  const states = useQuery(statesQuery);

  if (!valid || isApiError(product.error, 404)) {
    return (
      <AdminPage title="No such product">
        <p className="text-stone-700">This product does not exist (it may have been deleted).</p>
        <Link to={adminPaths.products.getHref()} className="btn-primary mt-4">
          All products
        </Link>
      </AdminPage>
    );
  }
  const failed = [product, brands, categories, gstRates, states].find((query) => query.isError);
  if (failed) {
    return (
      <AdminPage title="Product">
        <ErrorBox onRetry={() => void failed.refetch()}>The product could not be loaded.</ErrorBox>
      </AdminPage>
    );
  }
  if ((productId !== undefined && !product.data) || !brands.data || !categories.data || !gstRates.data || !states.data) return <PageLoading />;
  return (
    <ProductEditor
      key={product.data ? `${product.data.id}:${product.data.version}` : 'new'}
      product={product.data}
      choices={{ brands: brands.data, categories: categories.data, gstRates: gstRates.data, states: states.data }}
      batches={batches}
    />
  );
}
