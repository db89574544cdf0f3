import { Link } from 'react-router';
import type { ShopProfile } from '@/types/api';
import { paths } from '@/lib/paths';

export default function About({ shop }: { shop: ShopProfile }) {
  const years = new Date().getFullYear() - shop.founded_year;
  return (
    <>
      <p className="text-lg">
        {shop.name} has supplied plantation inputs to growers in Kerala and Tamil Nadu since {shop.founded_year}. For more than{' '}
        {years} years we have worked beside cardamom, pepper, banana, pineapple, passion fruit and vegetable farmers, from the
        high ranges to the plains.
      </p>

      <h2>What we do</h2>
      <p>
        We stock the inputs a plantation needs through the season: plant growth stimulants, primary and secondary nutrients,
        micronutrient mixtures, bio-fertilisers and bio-control agents, crop protection products and the small equipment that goes
        with them. We deal in the brands farmers trust, and in our own house brands where we believe we can offer better value.
      </p>
      <p>
        Just as important is the advice. Our team visits fields, reads soil and leaf test reports, and helps growers plan a
        nutrition and protection schedule that fits their crop, their soil and their budget. Advice is free for our customers.
      </p>

      <h2>How we work</h2>
      <ul>
        <li>
          <strong>Genuine products only.</strong> We buy from manufacturers and their authorised distributors, and every product
          carries its batch number, manufacturing and expiry dates on the label.
        </li>
        <li>
          <strong>Honest prices.</strong> Every price we show includes GST, and we show the MRP beside it, so you always know
          what you save.
        </li>
        <li>
          <strong>Safe use first.</strong> We explain the dose, the waiting period before harvest and the protective equipment a
          product needs, and we never sell more than a field needs.
        </li>
        <li>
          <strong>Research-led recommendations.</strong> We follow the package of practices published by the crop research stations
          and agricultural universities of both states, and we test new inputs on demonstration plots before we recommend them.
        </li>
      </ul>

      <h2>Where to find us</h2>
      <p>
        Our shop is in {shop.address.city}, {shop.address.district} district, {shop.address.state}. We are open {shop.hours}. You
        can also reach us on {shop.phone} or on WhatsApp, or read how on our <Link to={paths.contact.getHref()}>contact page</Link>.
      </p>
      <p>
        {shop.legal_name} · GSTIN {shop.gstin}
      </p>
    </>
  );
}
