// Standalone entry (npm run dev -w @qianyan/mf-editorial): async boundary, then mount alone.
import('./standalone');
