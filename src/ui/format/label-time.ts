// When a label was set, as pi's tree shows it: "14:05" today, "3/7 14:05"
// this year, "25/3/7 14:05" before (local time).
export function labelStamp(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return "?";
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  const sameYear = d.getFullYear() === now.getFullYear();
  if (sameYear && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()) return time;
  const md = `${d.getMonth() + 1}/${d.getDate()}`;
  return sameYear ? `${md} ${time}` : `${String(d.getFullYear()).slice(-2)}/${md} ${time}`;
}
