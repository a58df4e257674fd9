// A second PGN reader for the tests, independent of pgn-extract and of LMR Lab's own chess code:
// chess.js (npm; the version is pinned in package.json, installed by scripts/setup with
// `npm ci`). It reads a PGN file of many games, replays each with chess.js's strict SAN parser
// and prints one JSON line per game for the test to check against what it knows:
//
//   {"game":1,"tags":{…},"marker":"1-0","plies":57,"final":"<FEN>","last_comment":"…",
//    "checkmate":true,"stalemate":false,"insufficient":false,"threefold":false,"fifty":false}
//
// A game chess.js cannot read prints {"game":N,"error":"…"} and the exit code is 1.
// Usage: node read_pgn.mjs FILE.pgn

import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';

// chess.js reads one game at a time: a game is its tag lines and the movetext after them, so a
// tag line that follows movetext starts the next game.
function splitGames(text) {
  const games = [];
  let current = null;
  let inMovetext = false;
  for (const line of text.split('\n')) {
    const isTag = line.startsWith('[');
    if (isTag && (current === null || inMovetext)) {
      current = [];
      games.push(current);
      inMovetext = false;
    }
    if (current === null) {
      if (line.trim() !== '') throw new Error(`text before the first game: ${line}`);
      continue;
    }
    if (!isTag && line.trim() !== '') inMovetext = true;
    current.push(line);
  }
  return games.map((lines) => lines.join('\n'));
}

// The game termination marker: the last word of the movetext.
function terminationMarker(gameText) {
  const movetext = gameText
    .split('\n')
    .filter((line) => !line.startsWith('['))
    .join(' ')
    .trim();
  const words = movetext.split(/\s+/);
  return words[words.length - 1];
}

function readGame(gameText) {
  const chess = new Chess();
  chess.loadPgn(gameText, { strict: true });
  return {
    tags: chess.getHeaders(),
    marker: terminationMarker(gameText),
    plies: chess.history().length,
    final: chess.fen(),
    last_comment: chess.getComment() ?? '',
    checkmate: chess.isCheckmate(),
    stalemate: chess.isStalemate(),
    insufficient: chess.isInsufficientMaterial(),
    threefold: chess.isThreefoldRepetition(),
    fifty: chess.isDrawByFiftyMoves(),
  };
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node read_pgn.mjs FILE.pgn');
  process.exit(2);
}
let failed = false;
splitGames(readFileSync(file, 'utf8')).forEach((gameText, index) => {
  let line;
  try {
    line = { game: index + 1, ...readGame(gameText) };
  } catch (error) {
    failed = true;
    line = { game: index + 1, error: String(error.message ?? error) };
  }
  console.log(JSON.stringify(line));
});
process.exit(failed ? 1 : 0);
