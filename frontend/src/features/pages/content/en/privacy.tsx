import { addressLines } from '@/lib/shop-facts';
import type { ShopProfile } from '@/types/api';

export default function Privacy({ shop }: { shop: ShopProfile }) {
  return (
    <>
      <p>
        {shop.legal_name} (“{shop.name}”, “we”) respects your privacy. This policy explains what personal data we collect through
        this shop, why, and the rights you have as a Data Principal under India’s Digital Personal Data Protection Act, 2023 (the
        “DPDP Act”) and the rules made under it. For this shop we are the Data Fiduciary.
      </p>

      <h2>1. What we collect</h2>
      <ul>
        <li>
          <strong>Account and contact details:</strong> your name, e-mail address, mobile number and password (stored only as a
          one-way hash).
        </li>
        <li>
          <strong>Order details:</strong> delivery and billing addresses, the products you buy, payment references and, if you
          give it, your GSTIN.
        </li>
        <li>
          <strong>Farm details you choose to share:</strong> crops, area and location, so that we can advise you.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie that keeps you signed in and your cart, a security cookie that protects
          you against forged requests, and server logs (IP address, browser, time of request) kept for security.
        </li>
      </ul>
      <p>We do not use advertising or tracking cookies, and we do not collect data from other sources about you.</p>

      <h2>2. Why we use it</h2>
      <p>We use your personal data only for these purposes:</p>
      <ul>
        <li>to create and run your account, and to keep your cart;</li>
        <li>to accept, deliver, invoice and support your orders, and to handle returns and refunds;</li>
        <li>to answer your questions and give crop advice you ask for;</li>
        <li>to keep the shop secure and prevent fraud;</li>
        <li>to meet our legal duties, for example keeping GST invoices and records;</li>
        <li>with your separate consent only, to send you offers and seasonal crop tips by e-mail, SMS or WhatsApp.</li>
      </ul>

      <h2>3. Consent</h2>
      <p>
        We process your personal data on the basis of the consent you give when you register, place an order or contact us, or
        for the legitimate uses the DPDP Act allows (for example, when you give us data voluntarily for a specific purpose, or to
        comply with law). You may withdraw your consent at any time, as easily as you gave it, by writing to our Grievance Officer
        below or by using the unsubscribe link in our messages. Withdrawing consent does not affect processing done before, and we
        may no longer be able to serve orders that need the data.
      </p>

      <h2>4. Your rights as a Data Principal</h2>
      <ul>
        <li>
          <strong>Access:</strong> to get a summary of the personal data we hold about you and of how we process it, and to know
          with whom we have shared it.
        </li>
        <li>
          <strong>Correction and erasure:</strong> to have inaccurate or incomplete data corrected, completed or updated, and to have
          data erased when it is no longer needed, unless the law requires us to keep it.
        </li>
        <li>
          <strong>Grievance redressal:</strong> to have a complaint about our handling of your data answered by our Grievance
          Officer.
        </li>
        <li>
          <strong>Nomination:</strong> to nominate a person who may exercise these rights on your behalf in case of death or
          incapacity.
        </li>
      </ul>
      <p>
        We answer requests within 30 days. We may need to confirm your identity first. You must not give us false information or
        file frivolous complaints, as the DPDP Act also sets duties for Data Principals.
      </p>

      <h2>5. Children</h2>
      <p>
        This shop is meant for adults. We do not knowingly collect data of anyone under 18 without verifiable consent of a parent
        or lawful guardian, and we never track or target advertising at children.
      </p>

      <h2>6. Who we share it with</h2>
      <p>
        <strong>We do not sell your personal data</strong>, nor rent or trade it. We share only what is needed with service
        providers who process it on our behalf and under contract: courier and postal services (name, phone, address), banks and
        payment providers (payment references), our hosting and e-mail providers, and our accountants. We disclose data to
        government authorities only where the law requires it.
      </p>

      <h2>7. How long we keep it</h2>
      <p>
        We keep account data while your account is open and erase it within 90 days after you close it or ask us to, except what
        the law requires us to keep: invoices and order records are kept for 8 years under the GST and income-tax laws. Security
        logs are kept for up to 1 year. Data you shared only for a one-off query is erased once the query is answered and no longer
        needed.
      </p>

      <h2>8. Security</h2>
      <p>
        We protect your data with reasonable security safeguards: encrypted connections, hashed passwords, access limited to staff
        who need it, and regular backups. If a personal data breach happens, we will inform you and the Data Protection Board of
        India as the DPDP Act requires.
      </p>

      <h2>9. Grievance Officer</h2>
      <p>For questions, requests to exercise your rights, withdrawal of consent or complaints, contact our Grievance Officer:</p>
      <address className="mt-3 rounded-lg border border-stone-200 bg-white p-4 not-italic">
        Grievance Officer, {shop.legal_name}
        <br />
        {addressLines(shop.address).join(', ')}
        <br />
        E-mail: <a href={`mailto:${shop.email}`}>{shop.email}</a>
        <br />
        Phone: {shop.phone} ({shop.hours})
      </address>
      <p>
        If you are not satisfied with our answer, you may complain to the Data Protection Board of India after using our grievance
        process.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We will post any change to this policy on this page and, for important changes, tell registered customers by e-mail before
        it takes effect.
      </p>
    </>
  );
}
