import type { AxiosInstance } from 'axios';
import { createContext, useContext } from 'react';

export const ApiContext = createContext<AxiosInstance | null>(null);

/** The app's api client (created by the AuthProvider, which owns the 401 rule). */
export function useApi(): AxiosInstance {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside the AuthProvider');
  return api;
}
