import { Outlet } from 'react-router';

// Placeholder: the sidebar and the admin guard come with the back office.
export default function AdminLayout() {
  return <Outlet />;
}
