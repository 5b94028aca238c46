/*
 * workers.c - the threads that run `tabula serve`'s slow work (jobs: bot
 * moves, real-time ticks) so that the event loop never waits for a bot.
 * Jobs wait in one queue, in order; a finished job goes to a second queue
 * and the `wake` callback (lws_cancel_service) tells the event loop, which
 * takes it with tbs_workers_done.
 */
#include "server.h"

#include <pthread.h>
#include <stdlib.h>

struct tbs_workers {
    pthread_mutex_t lock;
    pthread_cond_t more;
    tbs_job *todo, *todo_tail;
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

static void *worker_main(void *arg)
{
    tbs_workers *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->todo && !w->stopping)
            pthread_cond_wait(&w->more, &w->lock);
        if (w->stopping)
            break;
        tbs_job *j = pop(&w->todo, &w->todo_tail);
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
    w->tid = calloc((size_t)threads, sizeof *w->tid);
    if (!w->tid) {
        free(w);
        return NULL;
    }
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&w->tid[i], NULL, worker_main, w) != 0)
            break;
        w->threads++;
    }
    if (w->threads == 0) {
        tbs_workers_free(w);
        return NULL;
    }
    return w;
}

void tbs_workers_post(tbs_workers *w, tbs_job *j)
{
    pthread_mutex_lock(&w->lock);
    push(&w->todo, &w->todo_tail, j);
    pthread_cond_signal(&w->more);
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
    while ((j = pop(&w->done, &w->done_tail)))
        tbs_job_free(j);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->more);
    free(w->tid);
    free(w);
}
