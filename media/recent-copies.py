# Copies session files into OUT with their times moved into the last 30 days
# (each file keeps its own spacing; the session's last entry lands k * 1.7
# days ago, spread over 30 days), so the stats screen and the cost column have
# something to show. Copies only: the fixtures stay as they are.
# Usage: python3 media/recent-copies.py OUT FILE...
import os, re, sys, time, datetime

out, files = sys.argv[1], sys.argv[2:]
now = time.time()
iso = re.compile(r'"timestamp":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"')


def t(s):
    return datetime.datetime.strptime(s.replace("Z", "+0000"), "%Y-%m-%dT%H:%M:%S.%f%z" if "." in s else "%Y-%m-%dT%H:%M:%S%z").timestamp()


for k, f in enumerate(sorted(files)):
    text = open(f, encoding="utf-8").read()
    stamps = [t(m) for m in iso.findall(text)]
    if not stamps:
        continue
    delta = now - (k * 1.7 % 29) * 86400 - 3600 - max(stamps)

    def shift(m):
        return '"timestamp":"' + datetime.datetime.fromtimestamp(t(m.group(1)) + delta, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z") + '"'

    text = iso.sub(shift, text)
    text = re.sub(r'"timestamp":(\d{12,14})([,}])', lambda m: '"timestamp":' + str(int(int(m.group(1)) + delta * 1000)) + m.group(2), text)
    open(os.path.join(out, os.path.basename(f)), "w", encoding="utf-8").write(text)
