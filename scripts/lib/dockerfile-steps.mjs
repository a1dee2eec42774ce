// The Dockerfile's own steps, run on this machine without Docker (CI has no daemon): each stage in
// a folder that stands for its WORKDIR, COPY from the repository (less .dockerignore) or from an
// earlier stage, RUN through bash with the stage's ENV. A step that cannot run here (Debian packages
// fetched as root, a change of owner or user) is named and skipped; a step this runner does not
// know stops it, so a new line in the Dockerfile is never passed over in silence.
import dockerignore from '@balena/dockerignore';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';

/** What the image runs: its environment (paths under the image's root moved under `root`), its command and its health check. */
export function runDockerfile(repo, scratch) {
  const dockerfile = DockerfileParser.parse(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  const ignored = dockerignore().add(readFileSync(path.join(repo, '.dockerignore'), 'utf8').split('\n'));
  const root = path.join(scratch, 'root');
  const inRoot = (absolute) => path.join(root, absolute);
  const stages = new Map();
  let stage;
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((argument) => argument.getValue());
    const content = instruction.getArgumentsContent() ?? '';
    switch (keyword) {
      case 'FROM': {
        const name = args[2] ?? `stage${stages.size}`;
        stage = { name, dir: path.join(scratch, name), workdir: '/', env: {}, cmd: undefined, entrypoint: undefined, healthcheck: undefined };
        mkdirSync(stage.dir, { recursive: true });
        stages.set(name, stage);
        console.log(`== stage ${name} (${args[0]}) in ${stage.dir}`);
        break;
      }
      case 'WORKDIR':
        stage.workdir = args[0];
        break;
      case 'ENV':
        for (const property of instruction.getProperties()) {
          const value = property.getValue() ?? '';
          stage.env[property.getName()] = value.startsWith('/') ? inRoot(value) : value;
        }
        break;
      case 'COPY': {
        const from = instruction
          .getFlags()
          .find((flag) => flag.getName() === 'from')
          ?.getValue();
        const [target, ...sources] = [args.at(-1), ...args.slice(0, -1)];
        const into = path.join(stage.dir, target);
        for (const source of sources) {
          if (from) {
            const origin = stages.get(from);
            cpSync(path.join(origin.dir, path.relative(origin.workdir, source)), into, { recursive: true });
          } else if (source === '.') {
            cpSync(repo, stage.dir, { recursive: true, filter: (file) => path.relative(repo, file) === '' || !ignored.ignores(path.relative(repo, file)) });
          } else {
            cpSync(path.join(repo, source), path.join(into, target.endsWith('/') ? path.basename(source) : ''), { recursive: true });
          }
        }
        console.log(`COPY ${content}`);
        break;
      }
      case 'RUN':
        runStep(stage, content, inRoot);
        break;
      case 'CMD':
        stage.cmd = instruction.getJSONStrings().map((json) => json.getJSONValue());
        break;
      case 'ENTRYPOINT':
        stage.entrypoint = instruction.getJSONStrings().map((json) => json.getJSONValue());
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = JSON.parse(content.replace(/^CMD\s+/, ''));
        break;
      case 'USER':
      case 'VOLUME':
      case 'EXPOSE':
        console.log(`${keyword} ${content}: not run here (the image's user, volume and port; here the runner's, a folder and a free port)`);
        break;
      default:
        throw new Error(`Dockerfile: ${keyword} is a step scripts/lib/dockerfile-steps.mjs does not run; teach it, or the proof would pass it over`);
    }
  }
  const image = [...stages.values()].at(-1);
  if (!image.cmd) throw new Error('Dockerfile: the last stage has no CMD');
  return { dir: image.dir, env: image.env, cmd: image.cmd, entrypoint: image.entrypoint, healthcheck: image.healthcheck };
}

/** One RUN: each `&&` part run here, or named and skipped when only the image can do it. */
function runStep(stage, content, inRoot) {
  if (/\bapt-get\b/.test(content)) {
    const packages = [...content.matchAll(/apt-get install[^&]*?((?:\s+[a-z][\w.+-]*)+)\s*(?:&&|$)/g)].map((match) => match[1].trim()).join(' ');
    console.log(`RUN (not run here: Debian packages fetched as root from the network) ${packages}`);
    return;
  }
  for (const part of content.split('&&').map((piece) => piece.trim())) {
    if (/^npm cache clean/.test(part)) {
      console.log(`RUN (not run here: it would empty this machine's npm cache, which other runs share) ${part}`);
    } else if (/^chown\b/.test(part)) {
      console.log(`RUN (not run here: the image's user owns its folders; here the runner does) ${part}`);
    } else if (/^mkdir -p \/\S+$/.test(part)) {
      mkdirSync(inRoot(part.slice('mkdir -p '.length)), { recursive: true });
      console.log(`RUN ${part} (under ${inRoot('/')})`);
    } else if (/^npm (ci|run|rebuild)\b/.test(part)) {
      console.log(`RUN ${part}`);
      execFileSync('bash', ['-c', part], { cwd: stage.dir, stdio: 'inherit', env: { ...process.env, ...stage.env } });
    } else {
      throw new Error(`Dockerfile: RUN ${part} is a step scripts/lib/dockerfile-steps.mjs does not run; teach it, or the proof would pass it over`);
    }
  }
  if (!existsSync(stage.dir)) throw new Error(`${stage.dir} is gone`);
}
