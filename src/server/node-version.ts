/**
 * The Node line the portal supports: package.json's `engines`, the Dockerfile's image and the `node`
 * development dependency (which `npm install` brings, so `npm start` and `npm test` run on it even on a
 * machine whose own Node is older) all name this major. Node 20 reached its end of life in April 2026.
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** Why this Node cannot run the portal, or undefined when it can. */
export function unsupportedNode(version: string = process.version): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= SUPPORTED_NODE_MAJOR) return undefined;
  return (
    `Node ${version} is not supported: the portal needs Node ${SUPPORTED_NODE_MAJOR} or later. ` +
    `Start it with \`npm start\` after \`npm install\` (which installs Node ${SUPPORTED_NODE_MAJOR} into node_modules), or install Node ${SUPPORTED_NODE_MAJOR}.`
  );
}
