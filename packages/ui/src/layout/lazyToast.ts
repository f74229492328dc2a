// Toasts for the modules of the app's entry (the auth state): react-hot-toast and its container are a
// chunk of their own, which no page needs for its first paint (the landing page's JavaScript stays
// within its budget, bench/README.md). The container starts loading as the app mounts (App.tsx), so a
// toast is rarely later than it would be; one raised before it is there waits in react-hot-toast's
// store and shows when it mounts.
const load = () => import('react-hot-toast');

function show(kind: 'success' | 'error', message: string): void {
  load().then(
    ({ default: toast }) => toast[kind](message),
    (error: unknown) => console.error('A message could not be shown', message, error),
  );
}

export const lazyToast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
