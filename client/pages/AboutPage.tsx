export function AboutPage() {
  return (
    <div className="container">
      <h1>About</h1>
    </div>
  );
}
