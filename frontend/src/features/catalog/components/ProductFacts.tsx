// What the e-commerce and Legal Metrology rules ask a seller to show on the product page: who made
// or packed it and where, its country of origin, the net quantity of each pack, best-before or
// expiry where it applies, the shop's customer-care contact, and any states it is not shipped to.
import { useT, type MessageId } from '@/lib/i18n';
import type { DescriptionBlock, ProductDetail } from '@/types/api';

/** The description's paragraphs and lists, as elements (never as HTML). */
export function DescriptionBlocks({ blocks }: { blocks: DescriptionBlock[] }) {
  return (
    <div className="mt-3 space-y-3 text-stone-800">
      {blocks.map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index} className="list-disc space-y-1 pl-6">
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-stone-700">{term}</dt>
      <dd className="text-stone-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** An ISO date as India writes it (`2029-03-31` → `31-03-2029`): the server draws this page in an
 * engine without `Intl`'s dates. */
const formatDay = (iso: string) => iso.split('-').reverse().join('-');

/** The licence each kind of regulated product is sold under, as a shopper reads it. */
export const LICENCE_NAMES: Record<'insecticide' | 'fertiliser' | 'seed', MessageId> = {
  insecticide: 'licence.insecticide',
  fertiliser: 'licence.fertiliser',
  seed: 'licence.seed',
};

export function ProductFacts({ product }: { product: ProductDetail }) {
  const t = useT();
  const { declarations, customer_care: care } = product;
  const packs = product.variants.filter((variant) => variant.net_quantity);
  return (
    <section className="mt-10 max-w-3xl" aria-labelledby="product-facts">
      <h2 id="product-facts" className="text-xl font-bold text-stone-900">
        {t('product.facts')}
      </h2>
      {declarations.is_hazardous && declarations.restricted_states.length > 0 ? (
        <p role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('product.restricted', { states: declarations.restricted_states.join(', ') })}
        </p>
      ) : null}
      <dl className="mt-3 divide-y divide-stone-200">
        <Fact term={t('product.manufacturer')}>
          <span className="block">{declarations.manufacturer}</span>
          <span className="block text-stone-700">{declarations.manufacturer_address}</span>
        </Fact>
        <Fact term={t('product.origin')}>{declarations.country_of_origin}</Fact>
        {packs.length > 0 ? (
          <Fact term={t('product.netQuantity')}>
            {packs.length === 1 && !packs[0]?.variant_name ? (
              packs[0]?.net_quantity
            ) : (
              <ul>
                {packs.map((variant) => (
                  <li key={variant.id}>{variant.variant_name ? `${variant.variant_name}: ${variant.net_quantity}` : variant.net_quantity}</li>
                ))}
              </ul>
            )}
          </Fact>
        ) : null}
        {declarations.best_before ? <Fact term={t('product.bestBefore')}>{declarations.best_before}</Fact> : null}
        {care ? (
          <Fact term={t('product.customerCare')}>
            <span className="block">{care.name}</span>
            <span className="block text-stone-700">{care.address}</span>
            <a href={`tel:${care.phone.replace(/\s/g, '')}`} className="inline-flex min-h-11 items-center text-green-900 underline">
              {care.phone}
            </a>
            <span className="mx-2 text-stone-500" aria-hidden="true">
              ·
            </span>
            <a href={`mailto:${care.email}`} className="inline-flex min-h-11 items-center text-green-900 underline">
              {care.email}
            </a>
          </Fact>
        ) : null}
        <Fact term={t('product.hsn')}>{product.hsn_code}</Fact>
        {product.registration_number ? <Fact term={t('product.registrationNumber')}>{product.registration_number}</Fact> : null}
        {product.sale_licence ? (
          // Insecticides Rules 1971 r. 10E: an online seller displays the licence it sells under.
          <Fact term={t('product.soldUnder')}>
            <span className="block" data-testid="sale-licence">
              {t(LICENCE_NAMES[product.sale_licence.kind])}: <span className="font-semibold">{product.sale_licence.number}</span>
            </span>
            <span className={`block ${product.sale_licence.in_force ? 'text-stone-700' : 'font-semibold text-red-800'}`}>
              {product.sale_licence.in_force
                ? t('licence.validUntil', { date: formatDay(product.sale_licence.valid_until) })
                : t('licence.expiredOn', { date: formatDay(product.sale_licence.valid_until) })}
            </span>
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}
