/*
 * cmd_serve.c - `tabula serve`: the multiplayer server (src/server,
 * docs/server.md).  This file only reads the command line.
 */
#include "../server/server.h"
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int usage(void)
{
    printf(
        "usage: tabula serve [--port 8080] [--db FILE] [--bind ADDR]\n"
        "                    [--workers N] [--sync full|normal]\n"
        "                    [--bot-pace MS] [--grace S]\n"
        "                    [--out-soft KB] [--out-hard KB]\n"
        "                    [--out-soft-time S] [--out-total MB]\n"
        "                    [--max-conns N] [--max-seats N]\n"
        "                    [--max-tables N] [--tables-burst N]\n"
        "                    [--max-guesses N]\n"
        "                    [--trust-proxy] [--archive-after S]\n"
        "                    [--expire-after S] [--max-tables-total N]\n"
        "                    [--bot-time-max S] [--origin LIST]\n"
        "       tabula serve [--db FILE] --list | --close TABLE\n\n"
        "Serves every game in 'tabula list' to browsers: open the printed\n"
        "link, create a table (game, players, options, which seats are\n"
        "bots), share one link per seat, and play; a spectator link\n"
        "watches, and finished games can be replayed move by move and\n"
        "their records downloaded.  Every table and every move is kept in\n"
        "an SQLite database: stop or kill the server and start it again,\n"
        "and every table goes on where it was.  See docs/server.md.\n\n"
        "  --port N       the TCP port (default 8080; 0: any free port)\n"
        "  --bind ADDR    the address to listen on (default: every address;\n"
        "                 127.0.0.1 for this machine only)\n"
        "  --db FILE      the database (default tabula.db, made if missing)\n"
        "  --workers N    threads for bots and real-time ticks (default:\n"
        "                 the number of processors)\n"
        "  --sync MODE    full (default): every move is on disk before\n"
        "                 anyone is told of it, even if the power fails;\n"
        "                 normal: it survives the server being killed but\n"
        "                 not a power cut (faster)\n"
        "  --bot-pace MS  least time between one move and a bot's next\n"
        "                 one, so people can follow (default 400)\n"
        "  --grace S      seconds before the takeover bot plays for a seat\n"
        "                 whose person left (default 30)\n"
        "  --out-soft KB, --out-hard KB, --out-soft-time S\n"
        "                 a connection whose client does not read its\n"
        "                 replies: at SOFT kilobytes waiting it is no\n"
        "                 longer read, and it is dropped if it stays so\n"
        "                 for S seconds or reaches HARD kilobytes\n"
        "                 (defaults 256, 1024, 10)\n"
        "  --out-total MB the most all connections may have waiting\n"
        "                 together; past it the largest is dropped\n"
        "                 (default 64)\n"
        "  --max-conns N  open connections per client address (default 32)\n"
        "  --max-seats N  seats those connections may hold (default 16)\n"
        "  --max-tables N tables an address may create an hour (default 30)\n"
        "  --tables-burst N  of which at once (default 5)\n"
        "  --max-guesses N  wrong seat links an address may try a minute\n"
        "                 (default 10)\n"
        "  --trust-proxy  the client's address is the last of the\n"
        "                 X-Forwarded-For header that the reverse proxy in\n"
        "                 front sets (only behind one: else clients choose\n"
        "                 their address)\n"
        "  --origin LIST  origins (https://host, comma-separated) whose pages\n"
        "                 may open the WebSocket besides this server's own\n"
        "  --bot-time-max S  the most thinking time a table may give an\n"
        "                 ismcts bot a move (default 5)\n"
        "  --max-tables-total N  tables in memory for everyone together\n"
        "                 (default 20000)\n"
        "  --archive-after S  a table nobody has been at for S seconds\n"
        "                 leaves memory; its links reopen it (default\n"
        "                 1800; 0: never)\n"
        "  --expire-after S  a table none of whose seats was ever opened\n"
        "                 is deleted S seconds after it was made (default\n"
        "                 86400; 0: never)\n"
        "  --list         lists the database's tables and stops\n"
        "  --close TABLE  closes a table (it takes no more moves; a\n"
        "                 running server tells those at it) and stops\n"
        "  --quiet        no message at the end\n\n"
        "TLS is left to a reverse proxy in front (docs/server.md has an\n"
        "example).\n");
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"port", required_argument, NULL, 'p'},
        {"bind", required_argument, NULL, 'b'},
        {"db", required_argument, NULL, 'd'},
        {"workers", required_argument, NULL, 'w'},
        {"sync", required_argument, NULL, 's'},
        {"bot-pace", required_argument, NULL, 'P'},
        {"grace", required_argument, NULL, 'g'},
        {"quiet", no_argument, NULL, 'q'},
        {"out-soft", required_argument, NULL, 1001},
        {"out-hard", required_argument, NULL, 1002},
        {"out-soft-time", required_argument, NULL, 1003},
        {"out-total", required_argument, NULL, 1004},
        {"max-conns", required_argument, NULL, 1005},
        {"max-seats", required_argument, NULL, 1006},
        {"max-tables", required_argument, NULL, 1007},
        {"max-guesses", required_argument, NULL, 1008},
        {"trust-proxy", no_argument, NULL, 1009},
        {"archive-after", required_argument, NULL, 1010},
        {"expire-after", required_argument, NULL, 1011},
        {"list", no_argument, NULL, 1012},
        {"max-tables-total", required_argument, NULL, 1014},
        {"bot-time-max", required_argument, NULL, 1015},
        {"origin", required_argument, NULL, 1016},
        {"tables-burst", required_argument, NULL, 1017},
        {"close", required_argument, NULL, 1013},
        {NULL, 0, NULL, 0},
    };
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    tbs_serve_options o = {
        .port = 8080,
        .bind = NULL,
        .db_path = "tabula.db",
        .sync_full = 1,
        .workers = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus,
        .bot_pace_ms = 400,
        .grace_ms = 30000,
        .archive_s = 1800,
        .expire_s = 86400,
    };
    int c;
    long v;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': return usage();
        case 'p':
            if (cli_parse_long("--port", optarg, 0, 65535, &v))
                return 2;
            o.port = (int)v;
            break;
        case 'b': o.bind = optarg; break;
        case 'd': o.db_path = optarg; break;
        case 'w':
            if (cli_parse_long("--workers", optarg, 1, 64, &v))
                return 2;
            o.workers = (int)v;
            break;
        case 's':
            if (strcmp(optarg, "full") != 0 && strcmp(optarg, "normal") != 0)
                return cli_error("--sync takes full or normal, not '%s'",
                                 optarg);
            o.sync_full = strcmp(optarg, "full") == 0;
            break;
        case 'P':
            if (cli_parse_long("--bot-pace", optarg, 0, 60000, &v))
                return 2;
            o.bot_pace_ms = (int)v;
            break;
        case 'g':
            if (cli_parse_long("--grace", optarg, 0, 86400, &v))
                return 2;
            o.grace_ms = (int)v * 1000;
            break;
        case 'q': o.quiet = 1; break;
        case 1001:
            if (cli_parse_long("--out-soft", optarg, 16, 1048576, &v))
                return 2;
            o.out_soft_kb = v;
            break;
        case 1002:
            if (cli_parse_long("--out-hard", optarg, 16, 1048576, &v))
                return 2;
            o.out_hard_kb = v;
            break;
        case 1003:
            if (cli_parse_long("--out-soft-time", optarg, 1, 3600, &v))
                return 2;
            o.out_soft_s = (int)v;
            break;
        case 1004:
            if (cli_parse_long("--out-total", optarg, 1, 65536, &v))
                return 2;
            o.out_total_mb = v;
            break;
        case 1005:
            if (cli_parse_long("--max-conns", optarg, 1, 100000, &v))
                return 2;
            o.max_conns = (int)v;
            break;
        case 1006:
            if (cli_parse_long("--max-seats", optarg, 1, 100000, &v))
                return 2;
            o.max_seats = (int)v;
            break;
        case 1007:
            if (cli_parse_long("--max-tables", optarg, 1, 100000, &v))
                return 2;
            o.tables_per_hour = (int)v;
            break;
        case 1008:
            if (cli_parse_long("--max-guesses", optarg, 1, 100000, &v))
                return 2;
            o.guesses_per_min = (int)v;
            break;
        case 1009: o.trust_proxy = 1; break;
        case 1010:
            if (cli_parse_long("--archive-after", optarg, 0, 31536000, &v))
                return 2;
            o.archive_s = v;
            break;
        case 1011:
            if (cli_parse_long("--expire-after", optarg, 0, 31536000, &v))
                return 2;
            o.expire_s = v;
            break;
        case 1012: o.list = 1; break;
        case 1016: o.origins = optarg; break;
        case 1017:
            if (cli_parse_long("--tables-burst", optarg, 1, 100000, &v))
                return 2;
            o.tables_burst = (int)v;
            break;
        case 1015:
            if (cli_parse_long("--bot-time-max", optarg, 1, 60, &v))
                return 2;
            o.bot_time_max_s = (int)v;
            break;
        case 1014:
            if (cli_parse_long("--max-tables-total", optarg, 1, 1000000, &v))
                return 2;
            o.max_tables = (int)v;
            break;
        case 1013: o.close_id = optarg; break;
        default:
            return cli_error("serve: unknown or incomplete option '%s'; try "
                             "'tabula serve --help'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_error("serve: unexpected argument '%s'", argv[optind]);
    return tbs_serve(&o);
}
