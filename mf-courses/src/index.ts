// Standalone entry (npm run dev -w @qianyan/mf-courses): async boundary, then mount alone.
import('./standalone');
