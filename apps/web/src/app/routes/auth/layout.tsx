import { Outlet } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';

export function Component() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
