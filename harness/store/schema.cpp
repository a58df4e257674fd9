#include "harness/store/schema.hpp"

#include <array>
#include <string>

namespace lmr::store {

namespace {

// Version 1: the whole schema. docs/database.md describes every column.
// Timestamps default to ISO-8601 UTC with milliseconds, the format of
// format_timestamp(), so text order is time order.
constexpr std::string_view kSchemaV1 = R"sql(
CREATE TABLE runs (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL CHECK (kind IN ('sprt', 'match', 'tournament', 'tune')),
    command_line     TEXT    NOT NULL DEFAULT '',
    plan_json        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(plan_json)),
    seed             INTEGER NOT NULL,
    time_control     TEXT    NOT NULL DEFAULT '',
    book_path        TEXT,
    book_format      TEXT    CHECK (book_format IN ('epd', 'pgn')),
    book_order       TEXT    CHECK (book_order IN ('sequential', 'random')),
    book_plies       INTEGER CHECK (book_plies >= 0),
    book_start       INTEGER NOT NULL DEFAULT 0 CHECK (book_start >= 0),
    sprt_elo0        REAL,
    sprt_elo1        REAL,
    sprt_alpha       REAL    CHECK (sprt_alpha > 0 AND sprt_alpha < 1),
    sprt_beta        REAL    CHECK (sprt_beta > 0 AND sprt_beta < 1),
    sprt_model       TEXT    CHECK (sprt_model IN ('normalized', 'logistic')),
    max_pairs        INTEGER CHECK (max_pairs > 0),
    concurrency      INTEGER NOT NULL DEFAULT 1 CHECK (concurrency >= 1),
    status           TEXT    NOT NULL DEFAULT 'planned'
                     CHECK (status IN ('planned', 'running', 'finished', 'interrupted', 'failed')),
    verdict          TEXT    CHECK (verdict IN ('H0', 'H1', 'undecided')),
    error_message    TEXT    NOT NULL DEFAULT '',
    harness_version  TEXT    NOT NULL,
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    started_at       TEXT,
    finished_at      TEXT,
    -- SPRT bounds come as a set: all five or none.
    CHECK ((sprt_elo0 IS NULL) + (sprt_elo1 IS NULL) + (sprt_alpha IS NULL) +
           (sprt_beta IS NULL) + (sprt_model IS NULL) IN (0, 5)),
    CHECK (sprt_elo0 < sprt_elo1),
    CHECK (kind <> 'sprt' OR sprt_model IS NOT NULL),
    CHECK ((book_path IS NULL) = (book_format IS NULL))
);
CREATE INDEX runs_created ON runs (created_at);

CREATE TABLE engines (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL CHECK (name <> ''),
    command        TEXT NOT NULL,
    options_json   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options_json)),
    config_json    TEXT NOT NULL DEFAULT '' CHECK (config_json = '' OR json_valid(config_json)),
    config_sha256  TEXT NOT NULL DEFAULT '' CHECK (config_sha256 = '' OR length(config_sha256) = 64),
    binary_sha256  TEXT NOT NULL DEFAULT '' CHECK (binary_sha256 = '' OR length(binary_sha256) = 64),
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- A re-run of the same engine reuses its row; '' (not NULL) stands for
    -- "no config" / "unknown binary" so the key compares equal.
    UNIQUE (name, command, options_json, config_sha256, binary_sha256)
);
CREATE INDEX engines_config ON engines (config_sha256) WHERE config_sha256 <> '';

CREATE TABLE run_engines (
    run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    engine_id  INTEGER NOT NULL REFERENCES engines (id),
    role       TEXT    NOT NULL CHECK (role IN ('base', 'test', 'participant')),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    PRIMARY KEY (run_id, engine_id),
    UNIQUE (run_id, seat)
);
CREATE INDEX run_engines_engine ON run_engines (engine_id);
-- At most one base and one test engine per run.
CREATE UNIQUE INDEX run_engines_single_role ON run_engines (run_id, role)
    WHERE role IN ('base', 'test');

CREATE TABLE games (
    id                  INTEGER PRIMARY KEY,
    run_id              INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    pair_index          INTEGER NOT NULL CHECK (pair_index >= 0),
    round_in_pair       INTEGER NOT NULL CHECK (round_in_pair IN (0, 1)),
    white_engine_id     INTEGER NOT NULL,
    black_engine_id     INTEGER NOT NULL,
    opening_index       INTEGER CHECK (opening_index >= 0),
    start_fen           TEXT    NOT NULL,
    opening_moves       TEXT    NOT NULL DEFAULT '',
    opening_fen         TEXT    NOT NULL,
    result              TEXT    NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    termination         TEXT    NOT NULL CHECK (termination IN (
                            'mate', 'stalemate', 'repetition', 'fifty-move', 'material',
                            'adjudication', 'time forfeit', 'illegal move', 'crash', 'stall',
                            'max length')),
    termination_detail  TEXT    NOT NULL DEFAULT '',
    plies               INTEGER NOT NULL CHECK (plies >= 0),
    pgn                 TEXT    NOT NULL DEFAULT '',
    started_at          TEXT    NOT NULL,
    finished_at         TEXT    NOT NULL,
    UNIQUE (run_id, pair_index, round_in_pair),
    CHECK (white_engine_id <> black_engine_id),
    -- Both players must be attached to the run.
    FOREIGN KEY (run_id, white_engine_id)
        REFERENCES run_engines (run_id, engine_id) ON DELETE CASCADE,
    FOREIGN KEY (run_id, black_engine_id)
        REFERENCES run_engines (run_id, engine_id) ON DELETE CASCADE
);
CREATE INDEX games_white ON games (run_id, white_engine_id);
CREATE INDEX games_black ON games (run_id, black_engine_id);

-- The two games of a pair share the opening and swap colours.
CREATE TRIGGER games_pair_consistent BEFORE INSERT ON games
WHEN EXISTS (
    SELECT 1 FROM games g
    WHERE g.run_id = NEW.run_id AND g.pair_index = NEW.pair_index
      AND g.round_in_pair <> NEW.round_in_pair
      AND (g.white_engine_id <> NEW.black_engine_id OR g.black_engine_id <> NEW.white_engine_id
           OR g.opening_index IS NOT NEW.opening_index OR g.start_fen <> NEW.start_fen
           OR g.opening_moves <> NEW.opening_moves))
BEGIN
    SELECT RAISE(ABORT, 'the two games of a pair must share the opening and swap colours');
END;

CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    color          TEXT    NOT NULL CHECK (color IN ('w', 'b')),
    uci            TEXT    NOT NULL,
    san            TEXT    NOT NULL,
    score_cp       INTEGER,
    score_mate     INTEGER,
    depth          INTEGER CHECK (depth >= 0),
    seldepth       INTEGER CHECK (seldepth >= 0),
    nodes          INTEGER CHECK (nodes >= 0),
    time_ms        INTEGER NOT NULL CHECK (time_ms >= 0),
    clock_left_ms  INTEGER,
    PRIMARY KEY (game_id, ply),
    CHECK (score_cp IS NULL OR score_mate IS NULL)
) WITHOUT ROWID;

CREATE TABLE run_stats (
    id           INTEGER PRIMARY KEY,
    run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    pairs        INTEGER NOT NULL CHECK (pairs >= 0),
    wins         INTEGER NOT NULL CHECK (wins >= 0),
    draws        INTEGER NOT NULL CHECK (draws >= 0),
    losses       INTEGER NOT NULL CHECK (losses >= 0),
    penta_ll     INTEGER NOT NULL CHECK (penta_ll >= 0),
    penta_ld     INTEGER NOT NULL CHECK (penta_ld >= 0),
    penta_wl     INTEGER NOT NULL CHECK (penta_wl >= 0),
    penta_dd     INTEGER NOT NULL CHECK (penta_dd >= 0),
    penta_wd     INTEGER NOT NULL CHECK (penta_wd >= 0),
    penta_ww     INTEGER NOT NULL CHECK (penta_ww >= 0),
    elo          REAL,
    elo_error    REAL,
    nelo         REAL,
    nelo_error   REAL,
    los          REAL,
    llr          REAL,
    lower_bound  REAL,
    upper_bound  REAL,
    recorded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (penta_ll + penta_ld + penta_wl + penta_dd + penta_wd + penta_ww = pairs)
);
CREATE INDEX run_stats_run ON run_stats (run_id, id);

CREATE TABLE tune_runs (
    run_id               INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    iterations           INTEGER NOT NULL CHECK (iterations > 0),
    pairs_per_iteration  INTEGER NOT NULL CHECK (pairs_per_iteration > 0),
    alpha                REAL    NOT NULL CHECK (alpha > 0),
    gamma                REAL    NOT NULL CHECK (gamma > 0),
    big_a                REAL    NOT NULL CHECK (big_a >= 0)
);

CREATE TABLE tune_params (
    run_id      INTEGER NOT NULL REFERENCES tune_runs (run_id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL CHECK (idx >= 0),
    name        TEXT    NOT NULL CHECK (name <> ''),
    start       REAL    NOT NULL,
    min         REAL    NOT NULL,
    max         REAL    NOT NULL,
    c_end       REAL    NOT NULL CHECK (c_end > 0),
    r_end       REAL    NOT NULL CHECK (r_end > 0),
    is_integer  INTEGER NOT NULL CHECK (is_integer IN (0, 1)),
    PRIMARY KEY (run_id, idx),
    UNIQUE (run_id, name),
    CHECK (min <= max),
    CHECK (start >= min AND start <= max)
);

CREATE TABLE tune_iterations (
    run_id            INTEGER NOT NULL REFERENCES tune_runs (run_id) ON DELETE CASCADE,
    k                 INTEGER NOT NULL CHECK (k >= 0),
    a_k               REAL    NOT NULL,
    c_k               REAL    NOT NULL,
    delta_json        TEXT    NOT NULL CHECK (json_valid(delta_json)),
    theta_plus_json   TEXT    NOT NULL CHECK (json_valid(theta_plus_json)),
    theta_minus_json  TEXT    NOT NULL CHECK (json_valid(theta_minus_json)),
    wins              INTEGER NOT NULL CHECK (wins >= 0),
    draws             INTEGER NOT NULL CHECK (draws >= 0),
    losses            INTEGER NOT NULL CHECK (losses >= 0),
    theta_after_json  TEXT    NOT NULL CHECK (json_valid(theta_after_json)),
    rng_state         TEXT    NOT NULL DEFAULT '',
    finished_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (run_id, k)
);

-- One row per completed pair (both games stored), scored from the run's test
-- engine's view, or, in runs without one, from the engine white in round 0.
-- Points are half-points: 2 win, 1 draw, 0 loss per game.
CREATE VIEW pair_results AS
WITH pairs AS (
    SELECT g0.run_id, g0.pair_index, g0.id AS game0_id, g1.id AS game1_id,
           g0.result AS result0, g1.result AS result1,
           g0.white_engine_id AS white0, g0.black_engine_id AS black0,
           g1.white_engine_id AS white1, g1.black_engine_id AS black1,
           g0.opening_index, g0.opening_fen,
           COALESCE(t.engine_id, g0.white_engine_id) AS view_engine_id
    FROM games g0
    JOIN games g1 ON g1.run_id = g0.run_id AND g1.pair_index = g0.pair_index
                 AND g1.round_in_pair = 1
    -- A join, not a scalar subquery: SQLite would repeat the subquery at
    -- every use of view_engine_id below.
    LEFT JOIN run_engines t ON t.run_id = g0.run_id AND t.role = 'test'
                           AND t.engine_id IN (g0.white_engine_id, g0.black_engine_id)
    WHERE g0.round_in_pair = 0
), scored AS (
    SELECT *,
           CASE WHEN view_engine_id = white0 THEN black0 ELSE white0 END AS other_engine_id,
           CASE WHEN result0 = '1/2-1/2' THEN 1
                WHEN (result0 = '1-0' AND white0 = view_engine_id)
                  OR (result0 = '0-1' AND black0 = view_engine_id) THEN 2
                ELSE 0 END AS half_points0,
           CASE WHEN result1 = '1/2-1/2' THEN 1
                WHEN (result1 = '1-0' AND white1 = view_engine_id)
                  OR (result1 = '0-1' AND black1 = view_engine_id) THEN 2
                ELSE 0 END AS half_points1
    FROM pairs
)
SELECT run_id, pair_index, opening_index, opening_fen, game0_id, game1_id, result0, result1,
       view_engine_id, other_engine_id, half_points0, half_points1,
       half_points0 + half_points1 AS half_points,
       CASE half_points0 + half_points1
            WHEN 0 THEN 'LL'
            WHEN 1 THEN 'LD'
            WHEN 2 THEN CASE WHEN half_points0 = 1 THEN 'DD' ELSE 'WL' END
            WHEN 3 THEN 'WD'
            ELSE 'WW' END AS bin
FROM scored;

-- One row per run: who played, how far it got, the counts over completed
-- pairs (from the pair_results view engine) and the latest run_stats row.
CREATE VIEW run_summary AS
WITH pair_totals AS (
    SELECT run_id, COUNT(*) AS pairs_completed,
           SUM((half_points0 = 2) + (half_points1 = 2)) AS wins,
           SUM((half_points0 = 1) + (half_points1 = 1)) AS draws,
           SUM((half_points0 = 0) + (half_points1 = 0)) AS losses,
           SUM(bin = 'LL') AS penta_ll, SUM(bin = 'LD') AS penta_ld,
           SUM(bin = 'WL') AS penta_wl, SUM(bin = 'DD') AS penta_dd,
           SUM(bin = 'WD') AS penta_wd, SUM(bin = 'WW') AS penta_ww
    FROM pair_results GROUP BY run_id
), game_totals AS (
    SELECT run_id, COUNT(*) AS games FROM games GROUP BY run_id
), latest AS (
    SELECT * FROM (
        SELECT run_stats.*, ROW_NUMBER() OVER (PARTITION BY run_id ORDER BY id DESC) AS rn
        FROM run_stats)
    WHERE rn = 1
), names AS (
    SELECT re.run_id,
           group_concat(re.role || ':' || e.name, ', ') AS engines,
           MAX(CASE WHEN re.role = 'base' THEN e.name END) AS base_name,
           MAX(CASE WHEN re.role = 'test' THEN e.name END) AS test_name
    FROM (SELECT * FROM run_engines ORDER BY run_id, seat) re
    JOIN engines e ON e.id = re.engine_id
    GROUP BY re.run_id
)
SELECT r.id AS run_id, r.kind, r.status, r.verdict, r.time_control,
       r.created_at, r.started_at, r.finished_at,
       COALESCE(n.engines, '') AS engines, n.base_name, n.test_name,
       COALESCE(p.pairs_completed, 0) AS pairs_completed,
       COALESCE(gt.games, 0) AS games,
       COALESCE(p.wins, 0) AS wins, COALESCE(p.draws, 0) AS draws,
       COALESCE(p.losses, 0) AS losses,
       COALESCE(p.penta_ll, 0) AS penta_ll, COALESCE(p.penta_ld, 0) AS penta_ld,
       COALESCE(p.penta_wl, 0) AS penta_wl, COALESCE(p.penta_dd, 0) AS penta_dd,
       COALESCE(p.penta_wd, 0) AS penta_wd, COALESCE(p.penta_ww, 0) AS penta_ww,
       l.llr, l.lower_bound, l.upper_bound, l.elo, l.elo_error, l.nelo, l.nelo_error, l.los,
       l.pairs AS stats_pairs, l.recorded_at AS stats_recorded_at,
       r.sprt_elo0, r.sprt_elo1, r.max_pairs
FROM runs r
LEFT JOIN names n ON n.run_id = r.id
LEFT JOIN pair_totals p ON p.run_id = r.id
LEFT JOIN game_totals gt ON gt.run_id = r.id
LEFT JOIN latest l ON l.run_id = r.id;

-- Per run and engine: every stored game of that engine, from its own view.
CREATE VIEW engine_scores AS
SELECT re.run_id, re.engine_id, e.name, re.role,
       COUNT(g.id) AS games,
       SUM(CASE WHEN (g.result = '1-0' AND g.white_engine_id = re.engine_id)
                  OR (g.result = '0-1' AND g.black_engine_id = re.engine_id)
                THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws,
       SUM(CASE WHEN (g.result = '0-1' AND g.white_engine_id = re.engine_id)
                  OR (g.result = '1-0' AND g.black_engine_id = re.engine_id)
                THEN 1 ELSE 0 END) AS losses
FROM run_engines re
JOIN engines e ON e.id = re.engine_id
LEFT JOIN games g ON g.run_id = re.run_id
                 AND (g.white_engine_id = re.engine_id OR g.black_engine_id = re.engine_id)
GROUP BY re.run_id, re.engine_id;

-- Per run and engine: what its searches looked like, from the moves table.
CREATE VIEW engine_move_stats AS
SELECT g.run_id,
       CASE m.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,
       COUNT(*) AS moves,
       AVG(m.depth) AS avg_depth, AVG(m.seldepth) AS avg_seldepth,
       AVG(m.nodes) AS avg_nodes, AVG(m.time_ms) AS avg_time_ms,
       SUM(m.nodes) AS total_nodes, SUM(m.time_ms) AS total_time_ms
FROM moves m
JOIN games g ON g.id = m.game_id
GROUP BY g.run_id, engine_id;
)sql";

// Version 2: views for `lmr-harness report` and for users of sqlite3 (docs/database.md,
// "Views"). Views only: no table changes, so upgrading a version-1 file is instant.
constexpr std::string_view kReportViewsV2 = R"sql(
-- How the games of each run ended.
CREATE VIEW run_terminations AS
SELECT run_id, termination, COUNT(*) AS games,
       SUM(result = '1-0') AS white_wins, SUM(result = '0-1') AS black_wins,
       SUM(result = '1/2-1/2') AS draws
FROM games
GROUP BY run_id, termination;

-- Games lost to an engine fault rather than on the board. The engine that lost is the one
-- that failed; a drawn faulty game (e.g. a time forfeit against a lone king) names none.
CREATE VIEW game_faults AS
SELECT g.run_id, g.id AS game_id, g.pair_index, g.round_in_pair, g.termination,
       g.termination_detail, g.result, g.white_engine_id, g.black_engine_id,
       w.name AS white_name, b.name AS black_name,
       CASE g.result WHEN '1-0' THEN g.black_engine_id
                     WHEN '0-1' THEN g.white_engine_id END AS loser_engine_id,
       CASE g.result WHEN '1-0' THEN b.name WHEN '0-1' THEN w.name END AS loser_name
FROM games g
JOIN engines w ON w.id = g.white_engine_id
JOIN engines b ON b.id = g.black_engine_id
WHERE g.termination IN ('crash', 'time forfeit', 'illegal move', 'stall');

-- Completed pairs per run and opening, from pair_results' view engine (the test engine).
CREATE VIEW opening_results AS
SELECT run_id, opening_index, opening_fen, COUNT(*) AS pairs,
       SUM((half_points0 = 2) + (half_points1 = 2)) AS wins,
       SUM((half_points0 = 1) + (half_points1 = 1)) AS draws,
       SUM((half_points0 = 0) + (half_points1 = 0)) AS losses,
       SUM(half_points) AS half_points,
       SUM(half_points) / (4.0 * COUNT(*)) AS score
FROM pair_results
GROUP BY run_id, opening_index, opening_fen;

-- Every completed pair of every run except tunes, pooled per ordered pair of engine names
-- (a config is known by its name: every engines row of that name counts) and counted from
-- `config`'s side. Each meeting appears twice, once from each side. Only direct meetings:
-- nothing is chained through a common opponent.
CREATE VIEW config_results AS
WITH oriented AS (
    SELECT p.run_id, p.view_engine_id AS engine_id, p.other_engine_id AS opponent_id, p.bin
    FROM pair_results p JOIN runs r ON r.id = p.run_id
    WHERE r.kind <> 'tune'
    UNION ALL
    SELECT p.run_id, p.other_engine_id, p.view_engine_id,
           CASE p.bin WHEN 'LL' THEN 'WW' WHEN 'LD' THEN 'WD'
                      WHEN 'WD' THEN 'LD' WHEN 'WW' THEN 'LL' ELSE p.bin END
    FROM pair_results p JOIN runs r ON r.id = p.run_id
    WHERE r.kind <> 'tune'
), named AS (
    SELECT x.run_id, x.engine_id, e.name AS config, o.name AS opponent, x.bin
    FROM oriented x
    JOIN engines e ON e.id = x.engine_id
    JOIN engines o ON o.id = x.opponent_id
), run_lists AS (
    SELECT config, opponent, group_concat(run_id, ',') AS run_ids
    FROM (SELECT DISTINCT config, opponent, run_id FROM named ORDER BY config, opponent, run_id)
    GROUP BY config, opponent
), counts AS (
    SELECT config, opponent,
           COUNT(DISTINCT run_id) AS runs,
           COUNT(DISTINCT engine_id) AS config_setups,
           COUNT(*) AS pairs,
           SUM(bin = 'LL') AS penta_ll, SUM(bin = 'LD') AS penta_ld,
           SUM(bin = 'WL') AS penta_wl, SUM(bin = 'DD') AS penta_dd,
           SUM(bin = 'WD') AS penta_wd, SUM(bin = 'WW') AS penta_ww
    FROM named
    GROUP BY config, opponent
)
SELECT c.config, c.opponent, c.runs, l.run_ids, c.config_setups, c.pairs,
       c.penta_wl + c.penta_wd + 2 * c.penta_ww AS wins,
       c.penta_ld + 2 * c.penta_dd + c.penta_wd AS draws,
       2 * c.penta_ll + c.penta_ld + c.penta_wl AS losses,
       c.penta_ll, c.penta_ld, c.penta_wl, c.penta_dd, c.penta_wd, c.penta_ww,
       (0.25 * c.penta_ld + 0.5 * (c.penta_wl + c.penta_dd) + 0.75 * c.penta_wd + c.penta_ww)
           / c.pairs AS score
FROM counts c
JOIN run_lists l ON l.config = c.config AND l.opponent = c.opponent;

-- config_results with the pentanomial Elo statistics of harness/stats: logistic Elo and the
-- half-width of its 95 % interval, normalized Elo and its 95 % half-width. NULL where the value
-- is infinite (a 0 % or 100 % score, an interval reaching past it). Needs SQLite's math
-- functions (log10, sqrt: built in by default since 3.35); `report` computes the same numbers
-- in C++ from config_results.
CREATE VIEW config_elo AS
WITH variance AS (
    SELECT *,
           (penta_ll * score * score + penta_ld * (0.25 - score) * (0.25 - score)
            + (penta_wl + penta_dd) * (0.5 - score) * (0.5 - score)
            + penta_wd * (0.75 - score) * (0.75 - score)
            + penta_ww * (1.0 - score) * (1.0 - score)) / pairs AS var
    FROM config_results
), bounds AS (
    SELECT *, score - 1.959964 * sqrt(var / pairs) AS low,
              score + 1.959964 * sqrt(var / pairs) AS high
    FROM variance
)
SELECT config, opponent, runs, run_ids, config_setups, pairs, wins, draws, losses,
       penta_ll, penta_ld, penta_wl, penta_dd, penta_wd, penta_ww, score,
       CASE WHEN score > 0 AND score < 1 THEN -400 * log10(1 / score - 1) END AS elo,
       CASE WHEN low > 0 AND high < 1
            THEN (400 * log10(1 / low - 1) - 400 * log10(1 / high - 1)) / 2 END AS elo_error,
       CASE WHEN var > 0 THEN (score - 0.5) / sqrt(2 * var) * 347.43558552260173
            WHEN score = 0.5 THEN 0.0 END AS nelo,
       1.959964 * 347.43558552260173 / sqrt(2 * pairs) AS nelo_error
FROM bounds;
)sql";

// Version 3: what each engine's LMR did in each game, as lmr-engine reports it after every
// search (the `lmrstats` info string, engine/lmr/stats.hpp), summed per game and side. New
// tables start empty: games stored before version 3 simply have no LMR statistics.
constexpr std::string_view kLmrStatsV3 = R"sql(
-- One row per game and side whose engine reported LMR statistics. The side, not the engine id,
-- as in moves: the game already says which engine played it, so the two cannot disagree.
CREATE TABLE game_lmr_stats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    color       TEXT    NOT NULL CHECK (color IN ('w', 'b')),
    reports     INTEGER NOT NULL CHECK (reports >= 0),
    late        INTEGER NOT NULL CHECK (late >= 0),
    reduced     INTEGER NOT NULL CHECK (reduced >= 0),
    extended    INTEGER NOT NULL CHECK (extended >= 0),
    searches    INTEGER NOT NULL CHECK (searches >= 0),
    researches  INTEGER NOT NULL CHECK (researches >= 0),
    plies       INTEGER NOT NULL,
    PRIMARY KEY (game_id, color)
) WITHOUT ROWID;

-- One row per game, side and rule that fired at least once.
CREATE TABLE game_lmr_rules (
    game_id  INTEGER NOT NULL,
    color    TEXT    NOT NULL,
    rule     TEXT    NOT NULL CHECK (rule <> ''),
    fired    INTEGER NOT NULL CHECK (fired > 0),
    changed  INTEGER NOT NULL CHECK (changed >= 0),
    units    INTEGER NOT NULL,
    PRIMARY KEY (game_id, color, rule),
    FOREIGN KEY (game_id, color)
        REFERENCES game_lmr_stats (game_id, color) ON DELETE CASCADE
) WITHOUT ROWID;

-- Per run and engine: its LMR statistics over every stored game that has them. Rates are
-- fractions (0-1), NULL when their denominator is 0.
CREATE VIEW engine_lmr_stats AS
SELECT g.run_id,
       CASE s.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,
       COUNT(*) AS games, SUM(s.reports) AS reports, SUM(s.late) AS late,
       SUM(s.reduced) AS reduced, SUM(s.extended) AS extended, SUM(s.searches) AS searches,
       SUM(s.researches) AS researches, SUM(s.plies) AS plies,
       CAST(SUM(s.reduced) AS REAL) / NULLIF(SUM(s.late), 0) AS reduced_rate,
       CAST(SUM(s.researches) AS REAL) / NULLIF(SUM(s.searches), 0) AS research_rate,
       CAST(SUM(s.plies) AS REAL) / NULLIF(SUM(s.late), 0) AS avg_plies
FROM game_lmr_stats s
JOIN games g ON g.id = s.game_id
GROUP BY g.run_id, engine_id;

-- Per run, engine and rule: the rule's counts over the same games, and its rates per late
-- move of that engine (engine_lmr_stats.late, so games where the rule never fired count too).
CREATE VIEW engine_lmr_rules AS
WITH per_rule AS (
    SELECT g.run_id,
           CASE r.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,
           r.rule, SUM(r.fired) AS fired, SUM(r.changed) AS changed, SUM(r.units) AS units
    FROM game_lmr_rules r
    JOIN games g ON g.id = r.game_id
    GROUP BY g.run_id, engine_id, r.rule
)
SELECT p.run_id, p.engine_id, p.rule, p.fired, p.changed, p.units,
       CAST(p.fired AS REAL) / NULLIF(t.late, 0) AS fired_rate,
       CAST(p.changed AS REAL) / NULLIF(t.late, 0) AS changed_rate
FROM per_rule p
JOIN engine_lmr_stats t ON t.run_id = p.run_id AND t.engine_id = p.engine_id;
)sql";

// Version 4: a run's inputs and its player (docs/database.md, "Resume"). The book's content
// hash lets resume prove it replays the same openings; run_changes records what
// `resume --allow-changed` let through; run_claims names the one process playing a run.
constexpr std::string_view kRunInputsV4 = R"sql(
ALTER TABLE runs ADD COLUMN book_sha256 TEXT CHECK (length(book_sha256) = 64);

-- One row per input found changed when the run was resumed with --allow-changed.
CREATE TABLE run_changes (
    id          INTEGER PRIMARY KEY,
    run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    changed_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    subject     TEXT    NOT NULL CHECK (subject <> ''),
    file        TEXT    NOT NULL,
    recorded    TEXT    NOT NULL,
    current     TEXT    NOT NULL
);
CREATE INDEX run_changes_run ON run_changes (run_id, id);

-- The process playing a run, while it plays: at most one per run. Times are Unix seconds.
CREATE TABLE run_claims (
    run_id        INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    host          TEXT    NOT NULL CHECK (host <> ''),
    pid           INTEGER NOT NULL CHECK (pid > 0),
    claimed_at    REAL    NOT NULL,
    heartbeat_at  REAL    NOT NULL
);
)sql";

// Version 5: the BayesElo SPRT model ('bayesian', fastchess's name) in runs.sprt_model. SQLite
// cannot alter a CHECK constraint, and rebuilding `runs` would mean dropping a table every other
// table references; widening a CHECK is what SQLite's documentation lets one do by rewriting the
// table's CREATE statement in sqlite_schema (lang_altertable.html, "Making Other Kinds Of Table
// Schema Changes"): every stored value passes the wider check, and the file format is unchanged.
// RESET makes this connection re-read the schema; version 1's text is fixed, so the replace()
// always finds it (tests/store check a 'bayesian' run can be stored after the upgrade).
constexpr std::string_view kBayesEloModelV5 = R"sql(
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (sprt_model IN (''normalized'', ''logistic''))',
                  'CHECK (sprt_model IN (''normalized'', ''logistic'', ''bayesian''))')
WHERE type = 'table' AND name = 'runs';
PRAGMA writable_schema = RESET;
)sql";

// Version 6: what the checks of each side's PVs found in each game (docs/pv-checks.md): how many
// PVs were checked, and per kind of violation how often it occurred and its first occurrence.
// New tables start empty: games stored before version 6 were not checked, and have no rows.
constexpr std::string_view kPvChecksV6 = R"sql(
-- One row per game and side that searched at least once.
CREATE TABLE game_pv_checks (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    color     TEXT    NOT NULL CHECK (color IN ('w', 'b')),
    searches  INTEGER NOT NULL CHECK (searches >= 0),
    pvs       INTEGER NOT NULL CHECK (pvs >= 0),
    PRIMARY KEY (game_id, color)
) WITHOUT ROWID;

-- One row per game, side and kind of violation that occurred at least once.
CREATE TABLE game_pv_violations (
    game_id  INTEGER NOT NULL,
    color    TEXT    NOT NULL,
    kind     TEXT    NOT NULL CHECK (kind IN ('illegal-move', 'after-checkmate',
                     'after-stalemate', 'after-repetition', 'after-fifty-move', 'mate-short',
                     'mate-long', 'mate-not-mate', 'bestmove-not-pv')),
    count    INTEGER NOT NULL CHECK (count > 0),
    example  TEXT    NOT NULL,
    PRIMARY KEY (game_id, color, kind),
    FOREIGN KEY (game_id, color)
        REFERENCES game_pv_checks (game_id, color) ON DELETE CASCADE
) WITHOUT ROWID;

-- Per run and engine: its PV checks over every stored game that has them.
CREATE VIEW engine_pv_checks AS
WITH per_side AS (
    SELECT game_id, color, SUM(count) AS violations
    FROM game_pv_violations
    GROUP BY game_id, color
)
SELECT g.run_id,
       CASE c.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,
       COUNT(*) AS games, SUM(c.searches) AS searches, SUM(c.pvs) AS pvs,
       COALESCE(SUM(p.violations), 0) AS violations,
       COUNT(p.violations) AS games_with_violations
FROM game_pv_checks c
JOIN games g ON g.id = c.game_id
LEFT JOIN per_side p ON p.game_id = c.game_id AND p.color = c.color
GROUP BY g.run_id, engine_id;

-- Per run, engine and kind of violation; the example is the one of the earliest stored game
-- (SQLite takes a bare column from the row that MIN() picks).
CREATE VIEW engine_pv_violations AS
SELECT g.run_id,
       CASE v.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,
       v.kind, COUNT(*) AS games, SUM(v.count) AS count, MIN(v.game_id) AS first_game_id,
       v.example
FROM game_pv_violations v
JOIN games g ON g.id = v.game_id
GROUP BY g.run_id, engine_id, v.kind;
)sql";

constexpr std::array<Migration, 6> kMigrations{{
    {1, "initial schema: runs, engines, games, moves, run_stats, tuning, views", kSchemaV1},
    {2,
     "report views: run_terminations, game_faults, opening_results, config_results, "
     "config_elo",
     kReportViewsV2},
    {3, "LMR statistics: game_lmr_stats, game_lmr_rules, engine_lmr_stats, engine_lmr_rules",
     kLmrStatsV3},
    {4, "run inputs and players: runs.book_sha256, run_changes, run_claims", kRunInputsV4},
    {5, "BayesElo SPRT model: runs.sprt_model may be 'bayesian'", kBayesEloModelV5},
    {6, "PV checks: game_pv_checks, game_pv_violations, engine_pv_checks, engine_pv_violations",
     kPvChecksV6},
}};

}  // namespace

std::span<const Migration> migrations() {
    return kMigrations;
}

int latest_schema_version() {
    return kMigrations.back().version;
}

int apply_migrations(sqlite::Database& db, std::span<const Migration> list) {
    int applied = 0;
    for (const Migration& migration : list) {
        if (db.query_int("PRAGMA user_version") >= migration.version) continue;
        sqlite::Transaction tx(db);
        // Re-read under the write lock: another process may have migrated
        // between the check above and BEGIN IMMEDIATE.
        const auto current = db.query_int("PRAGMA user_version");
        if (current >= migration.version) continue;
        if (current != migration.version - 1) {
            throw StoreError(ErrorKind::kSqlite,
                             "schema migration " + std::to_string(migration.version) +
                                 " cannot follow version " + std::to_string(current));
        }
        try {
            db.exec(migration.sql);
        } catch (const StoreError& e) {
            throw StoreError(e.kind(), "schema migration " + std::to_string(migration.version) +
                                           " (" + std::string(migration.description) +
                                           ") failed: " + e.what());
        }
        if (migration.version == 1) {
            db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        }
        db.exec("PRAGMA user_version = " + std::to_string(migration.version));
        tx.commit();
        ++applied;
    }
    return applied;
}

}  // namespace lmr::store
