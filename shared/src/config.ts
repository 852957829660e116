// Runtime configuration the server injects into the shell's HTML as window.__QY_CONFIG__.
export interface SiteConfig {
  /** Base URL of the API; '' means same origin. */
  apiBase: string;
  /** Base URL of the membership endpoint (/index.php); '' means same origin. */
  membershipBaseUrl: string;
  downloadIosUrl: string;
  downloadAndroidUrl: string;
  medicalHumanitiesUrl: string;
  tobaccoCampaignUrl: string;
}

/** Outside addresses are the site's to set (DOWNLOAD_*_URL, MEDICAL_HUMANITIES_URL): unset, the pages
 * that would link there say so or leave the link out, rather than lead to a page that does not exist. */
const defaults: SiteConfig = {
  apiBase: '',
  membershipBaseUrl: '',
  downloadIosUrl: '',
  downloadAndroidUrl: '',
  medicalHumanitiesUrl: '',
  tobaccoCampaignUrl: '',
};

declare global {
  interface Window {
    __QY_CONFIG__?: Partial<SiteConfig>;
  }
}

export function siteConfig(): SiteConfig {
  const injected = typeof window !== 'undefined' ? window.__QY_CONFIG__ : undefined;
  // An unset server setting arrives as ''; it must not blank out the default.
  const set = Object.entries(injected ?? {}).filter(([, v]) => typeof v === 'string' && v !== '');
  return { ...defaults, ...Object.fromEntries(set) };
}
