import type { FastifyInstance } from 'fastify';

/**
 * Every path the sandbox answers, from Fastify's own route tree (`printRoutes`): a route added
 * anywhere shows up here, so the security tests that classify routes cannot miss it.
 *
 *   ├── /sandbox/audit (GET, HEAD)
 *   │   ├── /callback (GET, HEAD)        a child: its parent's path and its own
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  return [...routeMethods(app).keys()];
}

/** Each path the sandbox answers, and the methods it answers there. */
export function routeMethods(app: FastifyInstance): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const stack: string[] = [];
  // The tree with common prefixes (the default): without them Fastify prints a wildcard route (`/archives/pacs/*`) as a bare `*`.
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    stack.length = depth + 1;
    if (match[3]) paths.set(path, match[3].split(',').map((method) => method.trim()));
  }
  return paths;
}
