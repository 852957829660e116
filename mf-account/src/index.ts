// Standalone entry (npm run dev -w @qianyan/mf-account): async boundary, then mount alone.
import('./standalone');
