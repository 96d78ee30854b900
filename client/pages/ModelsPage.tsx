export function ModelsPage() {
  return (
    <div className="container">
      <h1>Models</h1>
    </div>
  );
}
