/*
 * workers.c - the threads that run `tabula serve`'s slow work (jobs: bot
 * moves, real-time ticks) so that the event loop never waits for a bot.
 * Jobs wait in two queues, in order: quick ones (bots that move at once,
 * real-time ticks without a searching bot) and slow ones (searching bots).
 * The pool's threads take quick jobs first, and one more thread takes
 * only quick ones, so that a table of slow bots never delays another
 * table's quick moves.  A table has at most one job at a time (the hub
 * sees to it), so the queues take tables in turn: each table gets its
 * share.  A finished job goes to a third queue and the `wake` callback
 * (lws_cancel_service) tells the event loop, which takes it with
 * tbs_workers_done.
 *
 * The pool's threads run at a lower scheduling priority than the event
 * loop and the quick lane (nice TBS_POOL_NICE more, on Linux): a search
 * uses every cycle it is given, and without this a few tables of
 * searching bots take every core and make the people's moves wait for
 * the scheduler.  They still get every cycle nobody else wants.
 */
#include "server.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* How much nicer than the server the pool's threads run. */
#define TBS_POOL_NICE 10

/* Lowers the calling thread's scheduling priority by TBS_POOL_NICE (Linux
 * schedules threads by their own nice value).  Raising a nice value needs
 * no privilege; where it fails the thread simply runs as it was. */
static void lower_this_threads_priority(void)
{
#ifdef __linux__
    id_t tid = (id_t)syscall(SYS_gettid);
    errno = 0;
    int now = getpriority(PRIO_PROCESS, tid);
    if (now == -1 && errno != 0)
        return;
    (void)setpriority(PRIO_PROCESS, tid, now + TBS_POOL_NICE);
#endif
}

struct tbs_workers {
    pthread_mutex_t lock;
    pthread_cond_t more;
    tbs_job *todo, *todo_tail;         /* quick jobs */
    tbs_job *slow, *slow_tail;         /* slow jobs */
    tbs_job *done, *done_tail;
    int stopping;
    int threads;
    pthread_t *tid;
    void (*wake)(void *user);
    void *user;
};

static void push(tbs_job **head, tbs_job **tail, tbs_job *j)
{
    j->next = NULL;
    if (*tail)
        (*tail)->next = j;
    else
        *head = j;
    *tail = j;
}

static tbs_job *pop(tbs_job **head, tbs_job **tail)
{
    tbs_job *j = *head;
    if (j) {
        *head = j->next;
        if (!*head)
            *tail = NULL;
        j->next = NULL;
    }
    return j;
}

/* One thread: the pool's threads take any job (quick first); the quick
 * lane's thread (arg's `quick_only`) only quick ones. */
typedef struct worker_arg {
    tbs_workers *w;
    int quick_only;
} worker_arg;

static void *worker_main(void *arg)
{
    worker_arg *a = arg;
    tbs_workers *w = a->w;
    int quick_only = a->quick_only;
    free(a);
    if (!quick_only)
        lower_this_threads_priority();
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->todo && (quick_only || !w->slow) && !w->stopping)
            pthread_cond_wait(&w->more, &w->lock);
        if (w->stopping)
            break;
        tbs_job *j = w->todo ? pop(&w->todo, &w->todo_tail)
                             : pop(&w->slow, &w->slow_tail);
        pthread_mutex_unlock(&w->lock);
        tbs_job_run(j);
        pthread_mutex_lock(&w->lock);
        push(&w->done, &w->done_tail, j);
        if (w->wake)
            w->wake(w->user);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

tbs_workers *tbs_workers_new(int threads, void (*wake)(void *user),
                             void *user)
{
    tbs_workers *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->more, NULL);
    w->wake = wake;
    w->user = user;
    w->tid = calloc((size_t)threads + 1, sizeof *w->tid);
    if (!w->tid) {
        free(w);
        return NULL;
    }
    for (int i = 0; i <= threads; i++) {
        worker_arg *a = malloc(sizeof *a);
        if (!a)
            break;
        a->w = w;
        a->quick_only = i == threads;
        if (pthread_create(&w->tid[i], NULL, worker_main, a) != 0) {
            free(a);
            break;
        }
        w->threads++;
    }
    if (w->threads <= threads) {
        tbs_workers_free(w);
        return NULL;
    }
    return w;
}

void tbs_workers_post(tbs_workers *w, tbs_job *j)
{
    pthread_mutex_lock(&w->lock);
    if (j->slow)
        push(&w->slow, &w->slow_tail, j);
    else
        push(&w->todo, &w->todo_tail, j);
    /* Every thread looks: the one woken might be the quick lane's. */
    pthread_cond_broadcast(&w->more);
    pthread_mutex_unlock(&w->lock);
}

tbs_job *tbs_workers_done(tbs_workers *w)
{
    pthread_mutex_lock(&w->lock);
    tbs_job *j = pop(&w->done, &w->done_tail);
    pthread_mutex_unlock(&w->lock);
    return j;
}

void tbs_workers_free(tbs_workers *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->stopping = 1;
    pthread_cond_broadcast(&w->more);
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < w->threads; i++)
        pthread_join(w->tid[i], NULL);
    tbs_job *j;
    while ((j = pop(&w->todo, &w->todo_tail)))
        tbs_job_free(j);
    while ((j = pop(&w->slow, &w->slow_tail)))
        tbs_job_free(j);
    while ((j = pop(&w->done, &w->done_tail)))
        tbs_job_free(j);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->more);
    free(w->tid);
    free(w);
}
