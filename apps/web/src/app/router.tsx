import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/landing/components/home-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';

export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
]);
