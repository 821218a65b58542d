import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

export function Component() {
  return (
    <PublicLayout>
      <title>Terms of Service · Construct</title>
      <article className="legal container">
        <h1>Terms of Service</h1>
        <p className="legal__updated">Last updated: November 2026</p>
        <p className="legal__intro">
          These terms govern your use of Construct, a service for writing, storing, organising and enhancing AI prompts. By creating an account or using the
          service you agree to them. If you do not agree, please do not use Construct.
        </p>

        <h2>1. Your account</h2>
        <ul>
          <li>You must give accurate information when you register and keep your email address up to date.</li>
          <li>
            You are responsible for keeping your password secret and for everything that happens under your account. Tell us promptly if you believe your
            account has been used without your permission.
          </li>
          <li>You must be old enough to enter into a binding agreement where you live, and at least 16 years old.</li>
          <li>One person per account. Accounts may not be shared or resold.</li>
        </ul>

        <h2>2. Your content</h2>
        <p>
          You keep all rights to the prompts, categories, snippets, directives and other content you create in Construct (&quot;your content&quot;). You give us
          only the limited permission we need to store, process, display and back up your content in order to run the service for you, including sending a
          prompt to an AI model when you ask for it to be enhanced.
        </p>
        <p>
          Your own prompts are private to your account. Prompts you copy from the shared library into your workspace become your copies; the original library
          prompts remain ours or our licensors&apos;, and you may use them for your own work.
        </p>

        <h2>3. Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>store or generate content that is unlawful, infringes someone else&apos;s rights, or harasses, threatens or exploits others;</li>
          <li>use the service to create malware, spam or deceptive content, or to help anyone do so;</li>
          <li>probe, scan or test the security of the service, or try to access other users&apos; data;</li>
          <li>overload the service, scrape it in bulk, or get around plan limits or access tiers;</li>
          <li>resell or redistribute the shared library as a collection.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules, and will tell you when we do unless the law prevents it.</p>

        <h2>4. Plans and payments</h2>
        <ul>
          <li>
            Construct offers a free plan and paid Pro and Elite plans. Each plan&apos;s limits and features are shown on the{' '}
            <Link to={paths.pricing}>pricing page</Link>.
          </li>
          <li>
            Paid plans are monthly subscriptions. Payments are processed by Stripe; we never see or store your full card details. Stripe&apos;s own terms and
            privacy policy apply to the payment.
          </li>
          <li>
            Subscriptions renew automatically each month until cancelled. You can cancel at any time; your paid features stay active until the end of the period
            you paid for.
          </li>
          <li>All plans include a 14-day money-back guarantee: if you are not satisfied, ask for a refund within 14 days of your first payment.</li>
          <li>We may change prices with at least 30 days&apos; notice; a change applies from your next billing period.</li>
        </ul>

        <h2>5. AI features</h2>
        <p>
          AI enhancement suggestions are generated automatically and may be inaccurate or unsuitable. Review them before you rely on them. You are responsible
          for how you use prompts and their outputs.
        </p>

        <h2>6. Availability and changes</h2>
        <p>
          We work to keep Construct available and your data safe, but the service is provided &quot;as is&quot;, without guarantees of uninterrupted
          availability. We may improve or change features over time; if we make a change that substantially reduces what a paid plan offers, you may cancel and
          receive a pro-rata refund.
        </p>

        <h2>7. Ending your account</h2>
        <p>
          You may stop using Construct and ask us to delete your account at any time. We may suspend or close accounts that seriously or repeatedly break these
          terms. After an account is closed its content is deleted as described in our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>

        <h2>8. Liability</h2>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability for any claim is limited to the amount
          you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law, or your statutory rights as
          a consumer.
        </p>

        <h2>9. Changes to these terms</h2>
        <p>
          We may update these terms. When a change is material we will tell you by email or in the app before it takes effect. Continuing to use Construct after
          that means you accept the new terms.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms? Reply to any email you have received from Construct, or contact us through the support channel shown in the app, and we
          will get back to you.
        </p>
      </article>
    </PublicLayout>
  );
}
