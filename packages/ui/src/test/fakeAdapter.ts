import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeAnswer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * An axios adapter answering from a function instead of the network, settling like the real ones do
 * (2xx resolves, anything else rejects with an AxiosError carrying the response). `requests` records
 * every request as sent, after the interceptors.
 */
export function fakeAdapter(answer: (config: InternalAxiosRequestConfig) => FakeAnswer | 'network-error') {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const result = answer(config);
    if (result === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = {
      status: result.status,
      statusText: String(result.status),
      data: result.data ?? null,
      headers: result.headers ?? {},
      config,
    };
    if (result.status >= 200 && result.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${result.status}`,
      result.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  return { adapter, requests };
}
