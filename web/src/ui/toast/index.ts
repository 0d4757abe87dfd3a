export { ToastProvider, TOAST_DURATION_MS, type ToastOptions } from './toast-provider';
export { useToast } from './use-toast';
