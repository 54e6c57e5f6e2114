import { Outlet } from 'react-router';

// Placeholder: header, footer and mobile menu come with the storefront.
export default function StorefrontLayout() {
  return <Outlet />;
}
