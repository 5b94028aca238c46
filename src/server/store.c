/*
 * store.c - the server's storage: one SQLite database in WAL mode holding
 * every table, its seats (token hashes, never tokens) and every step of its
 * game (each deal and each action, in order, with who made it and when).
 * A table in memory is only ever the replay of its steps, so what is
 * committed here is what the server knows after a crash.  The schema is in
 * docs/server.md.  Only the event-loop thread uses it.
 */
#include "internal.h"
#include "server.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCHEMA_VERSION "1"

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS meta(\n"
    "  key TEXT PRIMARY KEY,\n"
    "  value TEXT NOT NULL);\n"
    "CREATE TABLE IF NOT EXISTS tables(\n"
    "  id TEXT PRIMARY KEY,\n"
    "  game TEXT NOT NULL,\n"
    "  players INTEGER NOT NULL,\n"
    "  options TEXT NOT NULL,\n"
    "  seed TEXT NOT NULL,\n"
    "  takeover TEXT NOT NULL,\n"
    "  tick_ms INTEGER NOT NULL,\n"
    "  created_ms INTEGER NOT NULL,\n"
    "  status TEXT NOT NULL,\n"
    "  ended_ms INTEGER,\n"
    "  result TEXT);\n"
    "CREATE INDEX IF NOT EXISTS tables_by_status\n"
    "  ON tables(status, ended_ms);\n"
    "CREATE TABLE IF NOT EXISTS seats(\n"
    "  table_id TEXT NOT NULL REFERENCES tables(id),\n"
    "  seat INTEGER NOT NULL,\n"
    "  player TEXT NOT NULL,\n"
    "  token_hash BLOB,\n"
    "  old_hash BLOB,\n"
    "  claimed INTEGER NOT NULL DEFAULT 0,\n"
    "  PRIMARY KEY(table_id, seat));\n"
    "CREATE TABLE IF NOT EXISTS steps(\n"
    "  table_id TEXT NOT NULL REFERENCES tables(id),\n"
    "  n INTEGER NOT NULL,\n"
    "  kind TEXT NOT NULL,\n"
    "  seat INTEGER,\n"
    "  data TEXT NOT NULL,\n"
    "  source TEXT,\n"
    "  arrival INTEGER,\n"
    "  at_ms INTEGER NOT NULL,\n"
    "  PRIMARY KEY(table_id, n));\n"
    "CREATE TABLE IF NOT EXISTS invites(\n"
    "  table_id TEXT PRIMARY KEY REFERENCES tables(id),\n"
    "  hash BLOB NOT NULL);\n";

enum {
    Q_BEGIN, Q_COMMIT, Q_ROLLBACK, Q_ADD_TABLE, Q_SET_SEAT, Q_ADD_STEP,
    Q_END_TABLE, Q_GET_TABLE, Q_GET_SEATS, Q_GET_STEPS, Q_EACH, Q_EACH_ENDED,
    N_QUERIES
};

static const char *const queries[N_QUERIES] = {
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
    [Q_ADD_TABLE] = "INSERT INTO tables(id, game, players, options, seed, "
                    "takeover, tick_ms, created_ms, status) "
                    "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [Q_SET_SEAT] = "INSERT OR REPLACE INTO seats(table_id, seat, player, "
                   "token_hash, old_hash, claimed) VALUES(?, ?, ?, ?, ?, ?)",
    [Q_ADD_STEP] = "INSERT INTO steps(table_id, n, kind, seat, data, source, "
                   "arrival, at_ms) VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
    [Q_END_TABLE] = "UPDATE tables SET status = ?, ended_ms = ?, result = ? "
                    "WHERE id = ?",
    [Q_GET_TABLE] = "SELECT id, game, players, options, seed, takeover, "
                    "tick_ms, created_ms, status, ended_ms, result "
                    "FROM tables WHERE id = ?",
    [Q_GET_SEATS] = "SELECT seat, player, token_hash, old_hash, claimed "
                    "FROM seats WHERE table_id = ? ORDER BY seat",
    [Q_GET_STEPS] = "SELECT n, kind, seat, data, source, arrival, at_ms "
                    "FROM steps WHERE table_id = ? ORDER BY n",
    [Q_EACH] = "SELECT id, game, players, options, seed, takeover, tick_ms, "
               "created_ms, status, ended_ms, result FROM tables "
               "WHERE status = ? ORDER BY created_ms, id LIMIT ?",
    [Q_EACH_ENDED] = "SELECT id, game, players, options, seed, takeover, "
                     "tick_ms, created_ms, status, ended_ms, result "
                     "FROM tables WHERE status = ? "
                     "ORDER BY ended_ms DESC, id LIMIT ?",
};

struct tbs_store {
    sqlite3 *db;
    sqlite3_stmt *q[N_QUERIES];
    char error[256];
};

const char *tbs_store_error(const tbs_store *db)
{
    return db->error;
}

/* Notes SQLite's last message; returns -1 for `return fail(db)`. */
static int fail(tbs_store *db)
{
    snprintf(db->error, sizeof db->error, "database: %s",
             sqlite3_errmsg(db->db));
    return -1;
}

/* Runs a prepared statement that returns no rows, then resets it. */
static int run(tbs_store *db, sqlite3_stmt *q)
{
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE ? 0 : fail(db);
}

int tbs_store_open(tbs_store **out, const char *path, int sync_full,
                   char *err, size_t errcap)
{
    tbs_store *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if (sqlite3_open_v2(path, &db->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                            SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(err, errcap, "cannot open database %s: %s", path,
                 db->db ? sqlite3_errmsg(db->db) : "out of memory");
        tbs_store_close(db);
        return -1;
    }
    sqlite3_busy_timeout(db->db, 5000);
    char *msg = NULL;
    char pragmas[200];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; "
             "PRAGMA foreign_keys=ON;",
             sync_full ? "FULL" : "NORMAL");
    if (sqlite3_exec(db->db, pragmas, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(db->db, schema, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(db->db,
                     "INSERT OR IGNORE INTO meta VALUES('schema', '"
                     SCHEMA_VERSION "')",
                     NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errcap, "cannot set up database %s: %s", path,
                 msg ? msg : sqlite3_errmsg(db->db));
        sqlite3_free(msg);
        tbs_store_close(db);
        return -1;
    }
    for (int i = 0; i < N_QUERIES; i++) {
        if (sqlite3_prepare_v2(db->db, queries[i], -1, &db->q[i], NULL) !=
            SQLITE_OK) {
            snprintf(err, errcap, "database %s: %s (is it a tabula "
                     "database?)", path, sqlite3_errmsg(db->db));
            tbs_store_close(db);
            return -1;
        }
    }
    *out = db;
    return 0;
}

void tbs_store_close(tbs_store *db)
{
    if (!db)
        return;
    for (int i = 0; i < N_QUERIES; i++)
        sqlite3_finalize(db->q[i]);
    sqlite3_close(db->db);
    free(db);
}

int tbs_store_begin(tbs_store *db)
{
    return run(db, db->q[Q_BEGIN]);
}

int tbs_store_in_transaction(tbs_store *db)
{
    return !sqlite3_get_autocommit(db->db);
}

int tbs_store_commit(tbs_store *db)
{
    return run(db, db->q[Q_COMMIT]);
}

void tbs_store_rollback(tbs_store *db)
{
    if (!sqlite3_get_autocommit(db->db))
        run(db, db->q[Q_ROLLBACK]);
}

int tbs_store_add_table(tbs_store *db, const tbs_table_row *t)
{
    sqlite3_stmt *q = db->q[Q_ADD_TABLE];
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
    sqlite3_bind_text(q, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, t->game, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 3, t->players);
    sqlite3_bind_text(q, 4, t->options, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 5, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 6, t->takeover, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 7, t->tick_ms);
    sqlite3_bind_int64(q, 8, t->created_ms);
    sqlite3_bind_text(q, 9, t->status, -1, SQLITE_STATIC);
    return run(db, q);
}

int tbs_store_set_seat(tbs_store *db, const char *id, const tbs_seat_row *s)
{
    sqlite3_stmt *q = db->q[Q_SET_SEAT];
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, s->seat);
    sqlite3_bind_text(q, 3, s->player, -1, SQLITE_STATIC);
    if (s->has_hash)
        sqlite3_bind_blob(q, 4, s->hash, TBS_HASH, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 4);
    if (s->has_old)
        sqlite3_bind_blob(q, 5, s->old_hash, TBS_HASH, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 5);
    sqlite3_bind_int(q, 6, s->claimed);
    return run(db, q);
}

int tbs_store_add_step(tbs_store *db, const char *id, const tbs_step_row *s)
{
    sqlite3_stmt *q = db->q[Q_ADD_STEP];
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, s->n);
    sqlite3_bind_text(q, 3, s->is_deal ? "deal" : "action", -1,
                      SQLITE_STATIC);
    if (s->is_deal)
        sqlite3_bind_null(q, 4);
    else
        sqlite3_bind_int(q, 4, s->seat);
    sqlite3_bind_text(q, 5, s->data, -1, SQLITE_STATIC);
    if (s->is_deal)
        sqlite3_bind_null(q, 6);
    else
        sqlite3_bind_text(q, 6, s->source, -1, SQLITE_STATIC);
    if (s->arrival > 0)
        sqlite3_bind_int(q, 7, s->arrival);
    else
        sqlite3_bind_null(q, 7);
    sqlite3_bind_int64(q, 8, s->at_ms);
    return run(db, q);
}

int tbs_store_end_table(tbs_store *db, const char *id, const char *status,
                        long long ended_ms, const char *result)
{
    sqlite3_stmt *q = db->q[Q_END_TABLE];
    sqlite3_bind_text(q, 1, status, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, ended_ms);
    if (result)
        sqlite3_bind_text(q, 3, result, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 3);
    sqlite3_bind_text(q, 4, id, -1, SQLITE_STATIC);
    return run(db, q);
}

/* Copies a text column into buf (empty when NULL). */
static void column_text(sqlite3_stmt *q, int i, char *buf, size_t cap)
{
    const unsigned char *s = sqlite3_column_text(q, i);
    snprintf(buf, cap, "%s", s ? (const char *)s : "");
}

/* Reads one row of the tables table (the column order of Q_GET_TABLE).
 * Returns -1 when its seed is not a seed tabula writes (then row->seed is
 * 0), else 0. */
static int read_table_row(sqlite3_stmt *q, tbs_table_row *row)
{
    memset(row, 0, sizeof *row);
    column_text(q, 0, row->id, sizeof row->id);
    column_text(q, 1, row->game, sizeof row->game);
    row->players = sqlite3_column_int(q, 2);
    column_text(q, 3, row->options, sizeof row->options);
    char seed[32];
    column_text(q, 4, seed, sizeof seed);
    int bad_seed = tbi_parse_u64(seed, &row->seed) != 0;
    if (bad_seed)
        row->seed = 0;
    column_text(q, 5, row->takeover, sizeof row->takeover);
    row->tick_ms = sqlite3_column_int(q, 6);
    row->created_ms = sqlite3_column_int64(q, 7);
    column_text(q, 8, row->status, sizeof row->status);
    row->ended_ms = sqlite3_column_int64(q, 9);
    column_text(q, 10, row->result, sizeof row->result);
    return bad_seed ? -1 : 0;
}

/* Copies a blob column of TBS_HASH bytes; whether there was one. */
static int column_hash(sqlite3_stmt *q, int i, uint8_t *out)
{
    if (sqlite3_column_type(q, i) != SQLITE_BLOB ||
        sqlite3_column_bytes(q, i) != TBS_HASH)
        return 0;
    memcpy(out, sqlite3_column_blob(q, i), TBS_HASH);
    return 1;
}

int tbs_store_load(tbs_store *db, const char *id, tbs_table_row *row,
                   tbs_seat_row seats[TB_MAX_PLAYERS])
{
    sqlite3_stmt *q = db->q[Q_GET_TABLE];
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q), bad_seed = 0;
    if (rc == SQLITE_ROW)
        bad_seed = read_table_row(q, row) != 0;
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return fail(db);
    if (bad_seed) {
        snprintf(db->error, sizeof db->error,
                 "its stored seed is not a number from 0 to 2^64-1");
        return -1;
    }

    q = db->q[Q_GET_SEATS];
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    memset(seats, 0, sizeof(tbs_seat_row) * TB_MAX_PLAYERS);
    for (int j = 0; j < TB_MAX_PLAYERS; j++)
        seats[j].seat = -1;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        int j = sqlite3_column_int(q, 0);
        if (j < 0 || j >= TB_MAX_PLAYERS)
            continue;
        tbs_seat_row *s = &seats[j];
        s->seat = j;
        column_text(q, 1, s->player, sizeof s->player);
        s->has_hash = column_hash(q, 2, s->hash);
        s->has_old = column_hash(q, 3, s->old_hash);
        s->claimed = sqlite3_column_int(q, 4);
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE ? 0 : fail(db);
}

int tbs_store_steps(tbs_store *db, const char *id,
                    int (*step)(void *user, const tbs_step_row *s), void *user)
{
    sqlite3_stmt *q = db->q[Q_GET_STEPS];
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        tbs_step_row s;
        memset(&s, 0, sizeof s);
        s.n = sqlite3_column_int(q, 0);
        char kind[16];
        column_text(q, 1, kind, sizeof kind);
        s.is_deal = strcmp(kind, "deal") == 0;
        s.seat = sqlite3_column_int(q, 2);
        column_text(q, 3, s.data, sizeof s.data);
        column_text(q, 4, s.source, sizeof s.source);
        s.arrival = sqlite3_column_int(q, 5);
        s.at_ms = sqlite3_column_int64(q, 6);
        stop = step(user, &s);
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (!stop && rc != SQLITE_DONE)
        return fail(db);
    return stop ? -1 : 0;
}

int tbs_store_each(tbs_store *db, const char *status, int limit,
                   int (*fn)(void *user, const tbs_table_row *row),
                   void *user)
{
    int ended = strcmp(status, "ended") == 0;
    sqlite3_stmt *q = db->q[ended ? Q_EACH_ENDED : Q_EACH];
    sqlite3_bind_text(q, 1, status, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 2, limit);
    int rc, stop = 0;
    /* Rows are copied out before fn runs, so that fn may use the store. */
    tbs_table_row *rows = NULL;
    size_t n = 0, cap = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            tbs_table_row *grown = realloc(rows, cap * sizeof *rows);
            if (!grown) {
                free(rows);
                sqlite3_reset(q);
                snprintf(db->error, sizeof db->error, "out of memory");
                return -1;
            }
            rows = grown;
        }
        read_table_row(q, &rows[n++]); /* a bad seed shows when loaded */
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc != SQLITE_DONE) {
        free(rows);
        return fail(db);
    }
    for (size_t i = 0; i < n && !stop; i++)
        stop = fn(user, &rows[i]);
    free(rows);
    return 0;
}

/* ------------------------------------------------------------ lifetimes */

static const char *const id_queries[] = {
    /* TBS_IDS_ACTIVE: played, with something done since ?1. */
    "SELECT id FROM tables WHERE status = 'playing' AND "
    "MAX(created_ms, COALESCE((SELECT MAX(at_ms) FROM steps "
    "WHERE table_id = tables.id), 0)) >= ?1 ORDER BY created_ms, id",
    /* TBS_IDS_UNCLAIMED: played, made before ?1, no person ever moved. */
    "SELECT id FROM tables WHERE status = 'playing' AND created_ms < ?1 "
    "AND NOT EXISTS (SELECT 1 FROM steps WHERE table_id = tables.id "
    "AND source = 'human') ORDER BY created_ms, id LIMIT 1000",
    /* TBS_IDS_CLOSED: closed by the operator since ?1. */
    "SELECT id FROM tables WHERE status = 'closed' AND ended_ms >= ?1",
};

int tbs_store_each_id(tbs_store *db, int which, long long arg,
                      int (*fn)(void *user, const char *id), void *user)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db->db, id_queries[which], -1, &q, NULL) !=
        SQLITE_OK)
        return fail(db);
    sqlite3_bind_int64(q, 1, arg);
    /* The ids are copied out before fn runs, so that fn may use the
     * store. */
    char (*ids)[TBS_ID_HEX + 1] = NULL;
    size_t n = 0, cap = 0;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            void *grown = realloc(ids, cap * sizeof *ids);
            if (!grown) {
                rc = SQLITE_NOMEM;
                break;
            }
            ids = grown;
        }
        column_text(q, 0, ids[n++], sizeof ids[0]);
    }
    if (rc != SQLITE_DONE) {
        fail(db);
        sqlite3_finalize(q);
        free(ids);
        return -1;
    }
    sqlite3_finalize(q);
    for (size_t i = 0; i < n; i++)
        if (fn(user, ids[i]))
            break;
    free(ids);
    return 0;
}

int tbs_store_delete_table(tbs_store *db, const char *id)
{
    static const char *const sql[] = {
        "DELETE FROM steps WHERE table_id = ?1",
        "DELETE FROM invites WHERE table_id = ?1",
        "DELETE FROM seats WHERE table_id = ?1",
        "DELETE FROM tables WHERE id = ?1",
    };
    for (size_t i = 0; i < sizeof sql / sizeof sql[0]; i++) {
        sqlite3_stmt *q;
        if (sqlite3_prepare_v2(db->db, sql[i], -1, &q, NULL) != SQLITE_OK)
            return fail(db);
        sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
        int rc = sqlite3_step(q);
        sqlite3_finalize(q);
        if (rc != SQLITE_DONE)
            return fail(db);
    }
    return 0;
}

int tbs_store_list(tbs_store *db,
                   int (*fn)(void *user, const tbs_list_row *r), void *user)
{
    static const char sql[] =
        "SELECT id, game, players, status, created_ms, "
        "(SELECT MAX(at_ms) FROM steps WHERE table_id = t.id), "
        "(SELECT COUNT(*) FROM steps WHERE table_id = t.id "
        " AND kind = 'action'), "
        "(SELECT COUNT(*) FROM seats WHERE table_id = t.id AND claimed = 1), "
        "(SELECT COUNT(*) FROM seats WHERE table_id = t.id "
        " AND player = 'human') "
        "FROM tables t ORDER BY created_ms, id";
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db->db, sql, -1, &q, NULL) != SQLITE_OK)
        return fail(db);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        tbs_list_row r;
        memset(&r, 0, sizeof r);
        column_text(q, 0, r.id, sizeof r.id);
        column_text(q, 1, r.game, sizeof r.game);
        r.players = sqlite3_column_int(q, 2);
        column_text(q, 3, r.status, sizeof r.status);
        r.created_ms = sqlite3_column_int64(q, 4);
        r.last_ms = sqlite3_column_int64(q, 5);
        r.moves = sqlite3_column_int(q, 6);
        r.claimed = sqlite3_column_int(q, 7);
        r.humans = sqlite3_column_int(q, 8);
        if (fn(user, &r)) {
            rc = SQLITE_DONE;
            break;
        }
    }
    int ok = rc == SQLITE_DONE;
    if (!ok)
        fail(db);
    sqlite3_finalize(q);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------ invites */

int tbs_store_set_invite(tbs_store *db, const char *id,
                         const uint8_t *hash)
{
    sqlite3_stmt *q;
    const char *sql = hash ? "INSERT OR REPLACE INTO invites(table_id, hash) "
                             "VALUES(?1, ?2)"
                           : "DELETE FROM invites WHERE table_id = ?1";
    if (sqlite3_prepare_v2(db->db, sql, -1, &q, NULL) != SQLITE_OK)
        return fail(db);
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    if (hash)
        sqlite3_bind_blob(q, 2, hash, TBS_HASH, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : fail(db);
}

int tbs_store_get_invite(tbs_store *db, const char *id, uint8_t *hash)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db->db,
                           "SELECT hash FROM invites WHERE table_id = ?1", -1,
                           &q, NULL) != SQLITE_OK)
        return fail(db);
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q), found = 0;
    if (rc == SQLITE_ROW)
        found = column_hash(q, 0, hash);
    sqlite3_finalize(q);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail(db);
    return found;
}
