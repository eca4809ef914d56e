import type * as OidcProvider from 'oidc-provider';

const UNSUPPORTED_RUNTIME = 'Unsupported runtime';

/**
 * oidc-provider 9 warns on import on any Node before 22 LTS. This project runs on Node 20, where
 * the provider works (tests/server drive every flow the app uses), so that one warning is held
 * back; every other line still reaches the console.
 */
export async function importOidcProvider(): Promise<typeof OidcProvider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes(UNSUPPORTED_RUNTIME)) warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}
