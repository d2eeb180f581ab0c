import { defineBackground } from 'wxt/utils/define-background';
import { startJobRuntime } from '@/jobs/runtime';

/**
 * Streams run here, not in the popup: the popup closes when it loses focus, and a migration must
 * go on and be found again when it reopens.
 */
export default defineBackground(() => void startJobRuntime());
