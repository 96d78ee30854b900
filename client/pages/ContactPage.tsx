export function ContactPage() {
  return (
    <div className="container">
      <h1>Contact</h1>
    </div>
  );
}
