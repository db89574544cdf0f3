import { Link } from 'react-router';
import { addressLines } from '@/lib/shop-facts';
import type { ShopProfile } from '@/types/api';
import { paths } from '@/lib/paths';

export default function Terms({ shop }: { shop: ShopProfile }) {
  return (
    <>
      <p>
        These terms apply when you browse or buy from the online shop of {shop.legal_name} (“{shop.name}”, “we”, “us”), GSTIN{' '}
        {shop.gstin}, of {addressLines(shop.address).join(', ')}. By placing an order you accept them. Please read them together with
        our <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
      </p>

      <h2>1. Who may buy</h2>
      <p>
        You must be at least 18 years old and able to enter into a contract under the Indian Contract Act, 1872. Some products
        (for example insecticides and fungicides) are sold only to farmers and businesses for agricultural use, and we may ask for
        details of the crop and area before we dispatch them.
      </p>

      <h2>2. Products and advice</h2>
      <p>
        We describe products as their manufacturers label them. Pictures are for identification; the pack you receive may look
        different when a manufacturer changes its design. Always read the label and leaflet before use, and follow the dose, the
        waiting period and the safety precautions printed on them, as required by the Insecticides Act, 1968 and the Fertiliser
        (Control) Order, 1985.
      </p>
      <p>
        Our recommendations are given in good faith from the information you share with us. Results in the field depend on weather,
        soil, crop stage and application, which are outside our control, so we cannot guarantee a particular yield.
      </p>

      <h2>3. Prices and tax</h2>
      <p>
        All prices are in Indian rupees and include GST at the applicable rate. The MRP shown is the maximum retail price printed on
        the pack; we never charge more than the MRP. Delivery charges, if any, are shown before you confirm an order. If a price is
        shown wrongly because of an obvious error, we will tell you before dispatch and you may cancel.
      </p>

      <h2>4. Orders</h2>
      <p>
        An order is an offer to buy. We accept it when we confirm it by e-mail, SMS or WhatsApp. We may decline or cancel an order
        when a product is out of stock, when we cannot deliver to the address, or when we suspect misuse; any amount you have paid
        is then refunded in full.
      </p>

      <h2>5. Payment</h2>
      <p>
        You can pay by bank transfer or UPI to the account shown at checkout, or as otherwise agreed with us. We dispatch an order
        once payment is received, unless we have agreed otherwise in writing. A GST invoice is sent with every order.
      </p>

      <h2>6. Delivery</h2>
      <p>
        We deliver across India, except a few places we cannot reach (such as the islands). How soon and for what charge depends on
        the PIN code and the parcel’s weight: “Check delivery” on every product page says it, and checkout shows it before you
        order. Some products may not be sent to some states by law. Delivery times are estimates. Please check the parcel when it
        arrives and tell us within 48 hours if it is damaged, leaking or not what you ordered.
      </p>
      <p>
        Districts and states are filled in from India Post’s PIN code directory: Department of Posts, Ministry of Communications,
        Government of India, <a href="https://www.data.gov.in/resource/all-india-pincode-directory-till-last-month">All India Pincode Directory</a>, Open Government Data (OGD) Platform India, released
        under NDSAP and licensed under the <a href="https://www.data.gov.in/Godl">Government Open Data License – India</a>.
      </p>

      <h2>7. Returns, replacements and refunds</h2>
      <ul>
        <li>Damaged, leaking, expired or wrong products are replaced or refunded in full, including delivery charges.</li>
        <li>
          Other unopened products in their original, sealed packs may be returned within 7 days of delivery; the cost of returning
          them is yours.
        </li>
        <li>
          For safety and quality reasons we cannot take back opened packs of agrochemicals, fertilisers, seeds or biological
          products.
        </li>
        <li>Refunds are paid to the account you paid from within 7 working days of our accepting the return.</li>
      </ul>

      <h2>8. Cancellation</h2>
      <p>
        You may cancel an order free of charge until it is dispatched. Contact us on {shop.phone} or {shop.email} as soon as
        possible.
      </p>

      <h2>9. Your account</h2>
      <p>
        Keep your password private. You are responsible for orders placed from your account until you tell us that it may have been
        misused.
      </p>

      <h2>10. Liability</h2>
      <p>
        Nothing in these terms limits your rights under the Consumer Protection Act, 2019. Beyond those rights, our liability for
        any order is limited to the amount you paid for it, and we are not liable for losses caused by use contrary to the label or
        to our advice.
      </p>

      <h2>11. Law and disputes</h2>
      <p>
        These terms are governed by the laws of India. We will try to settle any complaint with you directly first. Courts at{' '}
        {shop.address.district}, {shop.address.state} have jurisdiction, without affecting your right to approach a consumer
        commission.
      </p>

      <h2>12. Grievances and contact</h2>
      <p>
        For any complaint about an order or this shop, write to {shop.email}, call {shop.phone} ({shop.hours}) or visit us. We
        acknowledge complaints within 48 hours and aim to resolve them within one month, as the Consumer Protection (E-Commerce)
        Rules, 2020 require.
      </p>

      <h2>13. Changes</h2>
      <p>
        We may update these terms. The version shown here when you place an order applies to that order.
      </p>
    </>
  );
}
