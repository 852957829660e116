import type { AboutPage } from '@qianyan/shared';

/**
 * The section /about opens (spec §2.5): the `type` query first, then the service key a registration
 * terms link stored (2 terms of service, 9 privacy policy), else the first section.
 */
export function pickSection(pages: AboutPage[], type: string | null, serviceKey: string | null): AboutPage | undefined {
  const byType = type ? pages.find((p) => p.type === type) : undefined;
  if (byType) return byType;
  const key = Number(serviceKey);
  const byKey = key === 2 || key === 9 ? pages.find((p) => p.serviceKey === key) : undefined;
  return byKey ?? pages[0];
}
