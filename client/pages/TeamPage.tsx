export function TeamPage() {
  return (
    <div className="container">
      <h1>Team</h1>
    </div>
  );
}
