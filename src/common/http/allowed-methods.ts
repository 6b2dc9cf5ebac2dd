import { METHODS } from 'node:http';
import type { Application } from 'express';

interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** The methods the router serves for a path (Allow of a 405), read from the router itself. */
export function allowedMethods(app: Application, path: string): string[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !layer.match(path)) continue;
    // A route for every method is middleware mounted with all() (as Nest does for module
    // middleware), not a resource.
    if (Object.keys(layer.route.methods).length >= METHODS.length) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (!enabled || method === '_all') continue;
      methods.add(method.toUpperCase());
      if (method === 'get') methods.add('HEAD');
    }
  }
  return [...methods].sort();
}
