export function NotFoundPage() {
  return <div>404</div>;
}
