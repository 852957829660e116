export function DownloadPage() {
  return <div>下载</div>;
}
