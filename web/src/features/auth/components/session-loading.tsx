export function SessionLoading() {
  return (
    <p className="page-status" role="status">
      Loading...
    </p>
  );
}
