import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandbox } from './app';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function portFrom(name: string, value: string | undefined, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a whole number from 1 to 65535, got "${value}"`);
  }
  return port;
}

/** A wildcard listen address is not somewhere a browser can go; the loopback address is. */
function originFor(host: string, port: number): string {
  const browserHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${browserHost}:${port}`;
}

async function main(): Promise<void> {
  const port = portFrom('PORT', process.env.PORT, 8080);
  const oidcPort = portFrom('OIDC_PORT', process.env.OIDC_PORT, port + 1);
  const host = process.env.HOST ?? '127.0.0.1';
  const publicOrigin = originFor(host, port);
  const issuer = originFor(host, oidcPort);
  const app = await buildSandbox({
    dataDir: process.env.SANDBOX_DATA_DIR ?? join(repoRoot, '.sandbox-data'),
    distDir: resolve(repoRoot, process.env.DIST_DIR ?? 'dist'),
    publicOrigin,
    identityProviderIssuer: issuer,
    logger: process.env.SANDBOX_LOG === '1',
    onArchiveImport: (message) => console.log(message),
  });

  let closing = false;
  const shutDown = () => {
    if (closing) process.exit(1);
    closing = true;
    setTimeout(() => process.exit(1), 5000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);

  await app.listen({ port, host });
  await app.sandbox.identity.listen(oidcPort, host);
  console.log(`Cloud Film sandbox: ${publicOrigin}/ (sign-in provider ${issuer})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
