// Imported first by server.ts: refuse to run on a Node older than engines.node (">=22.12").
const MINIMUM = [22, 12] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(
    `comensal: Node ${MINIMUM.join('.')} or newer is required (this is ${process.versions.node}); ` +
      'run it through npm (`npm start`), which uses the pinned Node 24.',
  );
  process.exit(1);
}
