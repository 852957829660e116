// Standalone entry (npm run dev -w @qianyan/mf-content): async boundary, then mount alone.
import('./standalone');
