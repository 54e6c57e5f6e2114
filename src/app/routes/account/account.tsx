// Placeholder: this screen is built by its feature's issue.
export default function Page() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">My Account</h1>
    </main>
  );
}
