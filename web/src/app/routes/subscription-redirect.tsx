import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectSubscriptionRequired, subscriptionRedirectHandled } from '../access-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';

/** When any call answers 402, community features are locked: go to /subscription-required. */
export function SubscriptionRedirect() {
  const required = useAppSelector(selectSubscriptionRequired);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!required) return;
    dispatch(subscriptionRedirectHandled());
    navigate(paths.subscriptionRequired);
  }, [required, dispatch, navigate]);
  return null;
}
