import { STRATEGIES, STRATEGY_KEY, type Strategy, tokenKey } from '@dealflow/domain';
import { local } from '../storage.ts';
import { createApiClient } from './client.ts';

export {
  ApiError,
  errorText,
  fieldIssues,
  fieldLabel,
  fieldLines,
  fieldProblem,
  isNetworkError,
  technicalText,
  showFieldErrors,
  validationFieldErrors,
} from './ApiError.ts';
export type { ApiClient, RequestOptions } from './client.ts';

export function storedStrategy(): Strategy {
  const value = local.getItem(STRATEGY_KEY);
  return (STRATEGIES as readonly string[]).includes(value ?? '') ? (value as Strategy) : 'local';
}

let unauthorizedHandler: () => void = () => {};

/** The session registers what a 401 on a signed-in call does (sign out and go to login). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The stored `Bearer …` value of the current strategy (the live stream sends it too). */
export function currentAuthorization(): string | null {
  return local.getItem(tokenKey(storedStrategy()));
}

/** The app's API client: base URL from configuration, token of the current strategy from storage. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getAuthorization: currentAuthorization,
  onUnauthorized: () => unauthorizedHandler(),
});
