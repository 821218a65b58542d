import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

export function Component() {
  return (
    <PublicLayout>
      <title>Privacy Policy · Construct</title>
      <article className="legal container">
        <h1>Privacy Policy</h1>
        <p className="legal__updated">Last updated: November 2026</p>
        <p className="legal__intro">
          This policy explains what personal data Construct collects, why, where it is kept and what rights you have. We collect only what we need to run the
          service, and we do not sell your data.
        </p>

        <h2>1. What we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your name, email address and a password hash (we never store your password itself), your plan and whether you are an
            administrator.
          </li>
          <li>
            <strong>Your content:</strong> the prompts, categories, favourites, snippets, directives and profile values you save.
          </li>
          <li>
            <strong>Billing data:</strong> if you buy a paid plan, Stripe processes the payment. We receive a customer and subscription reference and the plan
            you bought, never your full card number.
          </li>
          <li>
            <strong>Technical data:</strong> request logs (time, route, status, IP address) kept for a limited time to keep the service secure and working.
          </li>
        </ul>

        <h2>2. How we use it</h2>
        <ul>
          <li>to provide your account, store your content and apply your plan&apos;s features and limits (performance of our contract with you);</li>
          <li>to process payments and keep billing records (contract and legal obligation);</li>
          <li>to keep the service secure, prevent abuse and fix problems (legitimate interest);</li>
          <li>to send you essential service messages, such as changes to these policies.</li>
        </ul>
        <p>
          When you ask for a prompt to be enhanced with AI, the text of that prompt is sent to an AI model provider to produce the suggestion. It is not used to
          profile you.
        </p>

        <h2>3. Where your data is stored</h2>
        <p>
          Construct runs on Amazon Web Services (AWS). Your account and content are stored in AWS data centres, encrypted at rest and in transit. Our service
          providers (AWS for hosting, Stripe for payments, and the AI model provider for enhancement requests) process data only on our instructions and under
          data processing agreements. Where data leaves the European Economic Area, it is protected by standard contractual clauses or an equivalent safeguard.
        </p>

        <h2>4. Sessions and local storage</h2>
        <p>
          When you sign in, we give your browser a short-lived session token (a JSON Web Token, JWT), which is kept in your browser&apos;s local storage and
          sent with each request to prove who you are. Logging out removes it. We do not use advertising or tracking cookies.
        </p>

        <h2>5. How long we keep it</h2>
        <p>
          We keep your account and content for as long as your account exists. When you delete your account we delete your content promptly; copies in backups
          expire on their normal schedule. Billing records are kept as long as tax law requires. Request logs are kept only for a limited period.
        </p>

        <h2>6. Your rights</h2>
        <p>
          Depending on where you live (including under the GDPR) you may ask to access, correct, export or delete your personal data, object to or restrict some
          processing, and withdraw consent where we rely on it. You can also complain to your local data protection authority. We will answer requests within
          one month.
        </p>

        <h2>7. Security</h2>
        <p>
          Passwords are stored only as strong one-way hashes, all traffic is encrypted with HTTPS, every page is served with a strict content security policy,
          and access to production data is limited to the people who need it to run the service.
        </p>

        <h2>8. Children</h2>
        <p>Construct is not meant for children under 16, and we do not knowingly collect their data.</p>

        <h2>9. Changes</h2>
        <p>
          We will post any change to this policy here and update the date above; if a change is significant we will also tell you by email. See also our{' '}
          <Link to={paths.terms}>Terms of Service</Link>.
        </p>

        <h2>10. Contact</h2>
        <p>
          For privacy questions or to exercise your rights, reply to any email you have received from Construct or contact us through the support channel shown
          in the app.
        </p>
      </article>
    </PublicLayout>
  );
}
