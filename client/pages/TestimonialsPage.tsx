export function TestimonialsPage() {
  return (
    <div className="container">
      <h1>Testimonials</h1>
    </div>
  );
}
