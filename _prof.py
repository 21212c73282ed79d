import cProfile, pstats, tempfile, time, itertools, sys
from corekit import default_registry, play_match
reg = default_registry(); gid, p, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]); g = reg.game(gid)
d = tempfile.mkdtemp(); c = itertools.count()
def rec():
    for s in range(n): play_match(g, ["random"]*p, s, registry=reg, settings={"replay": f"{d}/a{next(c)}.cfr"})
def play():
    for s in range(n): play_match(g, ["random"]*p, s, registry=reg)
for f in (play, rec, play, rec):
    t=time.process_time(); f(); print(f.__name__, (time.process_time()-t)/n*1e6)
cProfile.run("rec()", "/tmp/rec.prof")
st = pstats.Stats("/tmp/rec.prof"); st.sort_stats("cumulative").print_stats(60)
