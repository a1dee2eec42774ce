/** A slip on its way up: the share sent so far. */
export function UploadProgress({ fraction }: { fraction: number }) {
  return (
    <div className="fees__upload">
      <progress max={1} value={fraction} aria-label="Upload progress" />
      <span>{Math.round(fraction * 100)}%</span>
    </div>
  );
}
