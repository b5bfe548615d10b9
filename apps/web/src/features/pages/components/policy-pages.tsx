import { DocumentPage, POLICIES_UPDATED } from './document-page';

/** `/privacy-policy`: SPEC 2's sections, written for what Platter actually keeps. */
export function PrivacyPolicyPage() {
  return <DocumentPage page="privacyPolicy" updated={POLICIES_UPDATED} />;
}

/** `/cookie-policy`: the one essential cookie, no analytics, and what the browser's storage holds. */
export function CookiePolicyPage() {
  return <DocumentPage page="cookiePolicy" updated={POLICIES_UPDATED} />;
}

/** `/terms-of-service`: SPEC 2's five sections with SPEC 9's ages. */
export function TermsOfServicePage() {
  return <DocumentPage page="termsOfService" updated={POLICIES_UPDATED} />;
}
