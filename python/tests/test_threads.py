"""test_threads.py - the binding is safe to use from several threads at
once: each thread plays its own games and gets exactly what one thread
alone gets for the same seeds (ctypes releases the GIL in every C call, so
any buffer the binding shared between threads would mix their actions)."""
import threading

import tabula

GAMES = ("6-nimmt", "mystique", "the-game")


def playthrough(game, seed, steps=400):
    """Plays a random game from seed and returns its actions and outcomes:
    a fingerprint that differs if any call saw another thread's data."""
    st = tabula.game(game).new_state(players=3)
    rng = tabula.Rng(seed)
    trace = []
    for _ in range(steps):
        if st.is_terminal:
            break
        if st.is_chance:
            trace.append(tuple(st.sample_chance(rng)))
            continue
        codes = st.legal_codes()
        trace.append(tuple(codes))
        st.apply(codes[rng.below(len(codes))])
    return trace


def test_threads_play_as_one_thread_does():
    jobs = [(g, seed) for g in GAMES for seed in range(40)]
    expected = {job: playthrough(*job) for job in jobs}
    got = {}
    lock = threading.Lock()

    def worker(mine):
        for job in mine:
            trace = playthrough(*job)
            with lock:
                got[job] = trace

    threads = [threading.Thread(target=worker, args=(jobs[i::4],))
               for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected
