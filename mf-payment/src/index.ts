// Standalone entry (npm run dev -w @qianyan/mf-payment): async boundary, then mount alone.
import('./standalone');
