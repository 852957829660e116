import { SOURCE } from '@qianyan/shared';
import { Navigate, useSearchParams } from 'react-router-dom';

/** /article-transfer relay (spec §2.1): animation and audio go to their page, anything else to /article-info. */
export function transferTarget(params: URLSearchParams, now = Date.now()): string {
  const sourceId = Number(params.get('sourceid'));
  const target =
    sourceId === SOURCE.animation || sourceId === SOURCE.audio ? '/animation-particulars' : '/article-info';
  const next = new URLSearchParams({ permalinks: params.get('permalinks') ?? '', t: String(now) });
  return `${target}?${next.toString()}`;
}

export function ArticleTransfer() {
  const [params] = useSearchParams();
  return <Navigate replace to={transferTarget(params)} />;
}
